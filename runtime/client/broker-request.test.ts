import { describe, expect, it } from "vitest";
import type {
  ClientToolCallState,
  ClientToolRenderers,
  ClientTools,
} from "../../examples/ai-sdk-chat/src/client-tools.gen/index.js";
import type { ClientToolRequest } from "../wire/messages.js";
import { callStateFromRequest } from "./broker-request.js";
import { renderClientToolCall } from "./renderers.js";

const REQUEST: ClientToolRequest = {
  requestId: "r1",
  conversationId: "conv",
  toolName: "pick_colour",
  toolCallId: "c1",
  args: { question: "Which?", colours: ["teal", "plum"] },
  attempt: 1,
  expiresAt: 0,
};

describe("callStateFromRequest (the broker's requests)", () => {
  it("has the request's arguments available, then the answer's result or error, or the cancellation's reason", () => {
    const call = { toolCallId: "c1", toolName: "pick_colour", args: REQUEST.args };
    expect(callStateFromRequest<ClientTools>(REQUEST)).toEqual({ status: "input-available", ...call });
    expect(callStateFromRequest<ClientTools>(REQUEST, { requestId: "r1", result: { colour: "plum" } })).toEqual({
      status: "output-available",
      ...call,
      result: { colour: "plum" },
    });
    expect(
      callStateFromRequest<ClientTools>(REQUEST, { requestId: "r1", error: "No screen.", retryable: false }),
    ).toEqual({ status: "output-error", ...call, error: "No screen." });
    expect(
      callStateFromRequest<ClientTools>(REQUEST, {
        type: "client_tool.cancelled",
        requestId: "r1",
        reason: "timed out",
      }),
    ).toEqual({ status: "output-error", ...call, error: "timed out" });
  });
});

describe("renderClientToolCall", () => {
  it("draws with the tool's renderer, else the default, and says which tool has neither", () => {
    const state: ClientToolCallState = callStateFromRequest<ClientTools>(REQUEST);
    const withOwn: ClientToolRenderers<string> = {
      pick_colour: (call) => `picking: ${call.status}`,
      default: () => "other",
    };
    const onlyDefault: ClientToolRenderers<string> = { default: (call) => `default: ${call.toolName}` };
    expect(renderClientToolCall(withOwn, state)).toBe("picking: input-available");
    expect(renderClientToolCall(onlyDefault, state)).toBe("default: pick_colour");
    const builtAtRunTime = {} as { default: () => string };
    expect(() => renderClientToolCall(builtAtRunTime, state)).toThrow(
      'No renderer for the client tool "pick_colour", and no default renderer.',
    );
  });
});
