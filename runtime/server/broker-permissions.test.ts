import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseClientToolSpecs } from "../tool-spec/parse.js";
import { ClientToolPermissionError } from "../tool-spec/permission.js";
import { createTestBroker, flush } from "./__fixtures__/tools.js";

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2025-01-01T00:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

const tools = parseClientToolSpecs([
  {
    name: "read_geo",
    description: "Read the user's position.",
    outputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    permission: "geo.read",
  },
  {
    name: "read_clipboard",
    description: "Read the clipboard (no permission tag).",
    outputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  },
]);
const alice = { id: "alice", permissions: ["geo.read"] };
const guest = { id: "guest", permissions: ["clipboard.read"] };

describe("ClientCallBroker permissions", () => {
  it("sends the call when the principal holds the tool's permission", async () => {
    const t = createTestBroker({ tools });
    void t.broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      principal: alice,
      toolName: "read_geo",
      toolCallId: "call_1",
      args: {},
    });
    await flush();
    expect(t.requests.map((call) => call.request.toolName)).toEqual(["read_geo"]);
  });

  it("denies a call whose permission the principal lacks, before the client hears of it", async () => {
    const t = createTestBroker({ tools });
    const outcome = await t.broker.dispatch({
      conversationId: "c1",
      owner: "guest",
      principal: guest,
      toolName: "read_geo",
      toolCallId: "call_1",
      args: {},
    });

    expect(outcome).toEqual({
      status: "denied",
      reason: new ClientToolPermissionError("read_geo", "geo.read", "guest").message,
    });
    expect(t.requests).toEqual([]);
    expect(await t.broker.pending({ owner: "guest" })).toEqual([]);
    expect(t.store.stats().open).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("denies an untagged tool under a principal, and sends it without one", async () => {
    const t = createTestBroker({ tools });
    const denied = await t.broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      principal: alice,
      toolName: "read_clipboard",
      toolCallId: "call_1",
      args: {},
    });
    expect(denied).toMatchObject({ status: "denied", reason: expect.stringMatching(/no permission tag/) });
    expect(t.requests).toEqual([]);

    void t.broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "read_clipboard",
      toolCallId: "call_2",
      args: {},
    });
    await flush();
    expect(t.requests.map((call) => call.request.toolCallId)).toEqual(["call_2"]);
  });

  it("checks permission before approval: a forbidden call is never put to the approver", async () => {
    const approve = vi.fn(() => ({ approved: false as const, reason: "no" }));
    const t = createTestBroker({ tools, approve });
    const outcome = await t.broker.dispatch({
      conversationId: "c1",
      owner: "guest",
      principal: guest,
      toolName: "read_geo",
      toolCallId: "call_1",
      args: {},
    });
    expect(outcome.status).toBe("denied");
    expect(approve).not.toHaveBeenCalled();
  });
});
