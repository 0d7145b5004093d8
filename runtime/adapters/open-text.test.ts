import { describe, expect, it } from "vitest";
import { createPartialJsonParser } from "../client/partial-json.js";
import { openText } from "./open-text.js";

describe("openText", () => {
  it.each([
    [{ city: "Lis" }, '{"city":"Lis'],
    [{ a: 1, b: [true, "x"] }, '{"a":1,"b":[true,"x'],
    [{ a: {}, b: { c: [] } }, '{"a":{},"b":{"c":['],
    [{}, "{"],
    [[1, 2], "[1,2"],
    [{ 'k"ey': "v\n" }, '{"k\\"ey":"v\\n'],
  ])("leaves the last member of %j open at every depth", (value, text) => {
    expect(openText(value)).toBe(text);
    const parser = createPartialJsonParser();
    expect(parser.push(openText(value)), "a parser reads it back to the same value").toEqual(value);
  });
});

describe("openText, past the parser's depth", () => {
  it("cuts a value nested too deep where it goes too deep, and the parser reads the rest", () => {
    let deep: unknown = "bottom";
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const text = openText({ title: "ok", deep, after: 1 });
    expect(text.startsWith('{"title":"ok","deep":[[[')).toBe(true);
    expect(text.includes("after")).toBe(false);
    expect(() => createPartialJsonParser().push(text)).not.toThrow();
  });
});
