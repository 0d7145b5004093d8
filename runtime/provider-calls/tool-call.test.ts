import { describe, expect, it } from "vitest";
import { outputText, readArgumentObject, readToolCallArguments } from "./tool-call.js";

describe("reading a tool call's arguments", () => {
  it("parses the model's JSON text to an object, and takes empty text as no arguments", () => {
    expect(readToolCallArguments("c1", "notify", '{"text":"hi"}')).toEqual({
      ok: true,
      toolCallId: "c1",
      name: "notify",
      args: { text: "hi" },
    });
    expect(readToolCallArguments("c1", "notify", " \n")).toEqual({
      ok: true,
      toolCallId: "c1",
      name: "notify",
      args: {},
    });
  });

  it("reports text that is not JSON, or JSON that is not an object, and never throws", () => {
    const broken = readToolCallArguments("c1", "notify", '{"text": "unterminated');
    expect(broken).toMatchObject({ ok: false, toolCallId: "c1", name: "notify", reason: "invalid_json" });
    expect(!broken.ok && broken.message).toMatch(/^The arguments for notify are not valid JSON: .+\.$/);
    for (const text of ["[1]", "null", "3", '"s"']) {
      expect(readToolCallArguments("c1", "notify", text)).toEqual({
        ok: false,
        toolCallId: "c1",
        name: "notify",
        reason: "invalid_arguments",
        message: "The arguments for notify must be a JSON object.",
      });
    }
  });

  it("takes parsed arguments that are an object, and a missing one as none", () => {
    expect(readArgumentObject(undefined, "t", undefined)).toEqual({
      ok: true,
      toolCallId: undefined,
      name: "t",
      args: {},
    });
    expect(readArgumentObject("x", "t", [])).toMatchObject({ ok: false, reason: "invalid_arguments" });
  });

  it("writes an output as text: a string as it is, anything else as JSON", () => {
    expect(outputText("Tool call dispatched to client.")).toBe("Tool call dispatched to client.");
    expect(outputText({ colour: "teal" })).toBe('{"colour":"teal"}');
    expect(outputText(undefined)).toBe("null");
  });
});
