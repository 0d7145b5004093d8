import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createClientToolRunner } from "../client/runner.js";
import { createTestBroker, flush } from "./__fixtures__/tools.js";

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2025-01-01T00:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("ClientCallBroker.pending", () => {
  it("lets a reloaded page pick up the calls sent before it reloaded, and answer them", async () => {
    const t = createTestBroker();
    const location = await t.dispatchLocation();
    const purchase = t.broker.dispatch({
      conversationId: "c2",
      owner: "alice",
      toolName: "confirm_purchase",
      toolCallId: "call_p",
      args: { item: "book" },
    });
    await t.dispatchLocation("bob");
    await flush();

    // The page that received these requests is gone; the new one asks what is open.
    const open = await t.broker.pending({ owner: "alice" });
    expect(open.map((r) => [r.toolName, r.conversationId])).toEqual([
      ["get_location", "c1"],
      ["confirm_purchase", "c2"],
    ]);
    expect(await t.broker.pending({ owner: "alice", conversationId: "c2" })).toEqual([t.requests[1]?.request]);

    const runner = createClientToolRunner({
      handlers: { get_location: () => ({ city: "Lyon" }), confirm_purchase: () => ({ confirmed: true }) },
      send: (message) => {
        if (message.type === "client_tool.result")
          void t.broker.submit({
            requestId: message.requestId,
            owner: "alice",
            attempt: message.attempt,
            result: message.result,
          });
      },
    });
    for (const request of open) await runner.handle(request);

    await expect(location.outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
    await expect(purchase).resolves.toEqual({ status: "ok", result: { confirmed: true } });
    expect(await t.broker.pending({ owner: "alice" })).toEqual([]);
    expect(await t.broker.pending({ owner: "bob" })).toHaveLength(1);
  });

  it("leaves out calls whose deadline has passed, even before their timer has run", async () => {
    const t = createTestBroker();
    await t.dispatchLocation();
    vi.setSystemTime(Date.now() + 30_000);

    expect(await t.broker.pending({ owner: "alice" })).toEqual([]);
  });
});

describe("ClientCallBroker open-call limit per owner", () => {
  it("denies a dispatch past the owner's limit, counts each owner alone, and opens again once one ends", async () => {
    const t = createTestBroker({ maxOpenCallsPerOwner: 2 });
    const first = await t.dispatchLocation();
    await t.dispatchLocation();
    await expect(
      t.broker.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "get_location",
        toolCallId: "call_x",
        args: {},
      }),
    ).resolves.toEqual({
      status: "denied",
      reason:
        "The owner has 2 open client tool calls, the most the broker's maxOpenCallsPerOwner allows: answer or end some first.",
    });
    await t.dispatchLocation("bob");
    await t.broker.submit({ requestId: first.request.requestId, owner: "alice", result: { city: "Lyon" } });
    await t.dispatchLocation();
    expect(t.requests.map((call) => call.owner)).toEqual(["alice", "alice", "bob", "alice"]);
    expect(() => createTestBroker({ maxOpenCallsPerOwner: 0 })).toThrow(
      /maxOpenCallsPerOwner must be a positive integer/,
    );
  });
});

describe("ClientCallBroker open-call bytes per owner", () => {
  it("denies a dispatch whose arguments would take the owner's open calls past maxOpenCallBytesPerOwner, counting each owner alone", async () => {
    const t = createTestBroker({ maxOpenCallBytesPerOwner: 100 });
    const purchase = (owner: string, toolCallId: string, item: string) =>
      t.broker.dispatch({ conversationId: "c1", owner, toolName: "confirm_purchase", toolCallId, args: { item } });
    void purchase("alice", "call_1", "x".repeat(60));
    await expect(purchase("alice", "call_2", "y".repeat(60))).resolves.toEqual({
      status: "denied",
      reason:
        "The owner's open client tool calls would hold more than 100 bytes of arguments, the most the broker's maxOpenCallBytesPerOwner allows: answer or end some first.",
    });
    void purchase("bob", "call_3", "z".repeat(60));
    await flush();
    expect(t.requests.map((call) => call.request.toolCallId)).toEqual(["call_1", "call_3"]);
    expect(() => createTestBroker({ maxOpenCallBytesPerOwner: 0 })).toThrow(
      /maxOpenCallBytesPerOwner must be a positive integer/,
    );
  });
});
