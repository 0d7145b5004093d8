import { describe, expect, it } from "vitest";
import { answerFromBody } from "./answer.js";
import { decodeClientToolRequest } from "./decode-request.js";
import { formatTraceparent, parseTraceparent } from "./traceparent.js";

const TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

describe("traceparent", () => {
  it("reads back what it writes", () => {
    const parent = parseTraceparent(TRACEPARENT);
    expect(parent).toEqual({ traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "00f067aa0ba902b7", traceFlags: 1 });
    expect(formatTraceparent(parent!)).toBe(TRACEPARENT);
  });

  it.each([
    ["another version", TRACEPARENT.replace(/^00/, "01")],
    ["an all-zero trace id", `00-${"0".repeat(32)}-00f067aa0ba902b7-01`],
    ["an all-zero span id", `00-4bf92f3577b34da6a3ce929d0e0e4736-${"0".repeat(16)}-01`],
    ["upper-case hex", TRACEPARENT.toUpperCase()],
    ["a trailing field", `${TRACEPARENT}-00`],
    ["a number", 7],
  ])("refuses %s", (_what, text) => {
    expect(parseTraceparent(text)).toBeUndefined();
  });

  it("travels with a request a client decodes, and is left out when it is not one", () => {
    const request = {
      requestId: "r1",
      conversationId: "c1",
      toolName: "t",
      toolCallId: "x",
      args: {},
      attempt: 1,
      expiresAt: 1,
    };
    expect(decodeClientToolRequest({ ...request, traceparent: TRACEPARENT })).toEqual({
      ...request,
      traceparent: TRACEPARENT,
    });
    expect(decodeClientToolRequest({ ...request, traceparent: "00-zz" })).toEqual(request);
  });
});

describe("an answer's handlerMs", () => {
  it("is taken when it is a time in range, and otherwise left out without refusing the answer", () => {
    expect(answerFromBody({ result: 1, handlerMs: 12.5 }, "r1")).toEqual({
      requestId: "r1",
      result: 1,
      handlerMs: 12.5,
    });
    for (const handlerMs of [-1, 86_400_001, Number.NaN, "12", null])
      expect(answerFromBody({ result: 1, handlerMs }, "r1")).toEqual({ requestId: "r1", result: 1 });
    expect(answerFromBody({ error: "off", retryable: false, handlerMs: 3 }, "r1")).toEqual({
      requestId: "r1",
      error: "off",
      retryable: false,
      handlerMs: 3,
    });
  });
});
