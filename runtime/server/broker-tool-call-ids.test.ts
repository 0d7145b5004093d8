import { describe, expect, it } from "vitest";
import type { ClientToolRequest } from "../wire/messages.js";
import { nextRequest } from "./__fixtures__/next-request.js";
import { specs } from "./__fixtures__/tools.js";
import { ClientCallBroker } from "./broker.js";
import { InMemoryPendingCallStore } from "./stores/memory-store.js";

const call = {
  conversationId: "c1",
  owner: "alice",
  toolName: "get_location",
  toolCallId: "call_1",
  args: {},
} as const;

/** Two brokers on one store: two processes, or one process before and after a restart. */
function twoProcesses() {
  const store = new InMemoryPendingCallStore();
  const requested: ClientToolRequest[] = [];
  const [a, b] = [new ClientCallBroker({ tools: specs, store }), new ClientCallBroker({ tools: specs, store })];
  // Every broker on the store hears every request: one listener stands for the client's connection.
  b.on("requested", ({ request }) => requested.push(request));
  return { a, b, requested, close: () => Promise.all([a.close(), b.close()]) };
}

describe("calls addressed by (owner, conversationId, toolCallId)", () => {
  it("are one call however often they are dispatched: the client is asked once, and every dispatch gets its outcome", async () => {
    const t = twoProcesses();
    try {
      const sent = nextRequest(t.a);
      const first = t.a.dispatch(call);
      const request = await sent;
      const again = t.a.dispatch(call);
      const elsewhere = t.b.dispatch(call);
      expect(await t.a.outcome(call)).toBeUndefined();
      await t.b.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } });
      for (const outcome of [first, again, elsewhere])
        await expect(outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
      expect(t.requested).toHaveLength(1);
      expect(await t.b.outcome(call)).toEqual({ status: "ok", result: { city: "Lyon" } });
    } finally {
      await t.close();
    }
  });

  it("resolve at once with the outcome when the answer came while the dispatching process was gone", async () => {
    const t = twoProcesses();
    try {
      const sent = nextRequest(t.a);
      void t.a.dispatch(call);
      const request = await sent;
      // The client answers; the agent loop that awaited the call restarts in another process.
      await t.a.submit({ requestId: request.requestId, owner: "alice", result: { city: "Oslo" } });
      await expect(t.b.dispatch(call)).resolves.toEqual({ status: "ok", result: { city: "Oslo" } });
      expect(t.requested).toHaveLength(1);
      // A new toolCallId is a new call.
      const next = nextRequest(t.b);
      void t.b.dispatch({ ...call, toolCallId: "call_2" });
      expect((await next).toolCallId).toBe("call_2");
    } finally {
      await t.close();
    }
  });

  it("belong to their owner: another owner's call of the same conversation and toolCallId is a call of its own, which neither reads nor answers the first", async () => {
    const t = twoProcesses();
    try {
      const sent = nextRequest(t.a);
      const alices = t.a.dispatch(call);
      const first = await sent;
      const other = nextRequest(t.b);
      const mallorys = t.b.dispatch({ ...call, owner: "mallory" });
      const second = await other;
      expect(second.requestId).not.toBe(first.requestId);
      expect(t.requested).toHaveLength(2);
      await expect(
        t.b.submit({ requestId: first.requestId, owner: "mallory", result: { city: "Nowhere" } }),
      ).rejects.toMatchObject({ status: 404 });
      expect(
        await t.b.outcome({ owner: "mallory", conversationId: call.conversationId, toolCallId: call.toolCallId }),
      ).toBeUndefined();
      await t.b.submit({ requestId: second.requestId, owner: "mallory", result: { city: "Oslo" } });
      await expect(mallorys).resolves.toEqual({ status: "ok", result: { city: "Oslo" } });
      expect(
        await t.a.outcome({ owner: "alice", conversationId: call.conversationId, toolCallId: call.toolCallId }),
      ).toBeUndefined();
      await t.a.submit({ requestId: first.requestId, owner: "alice", result: { city: "Lyon" } });
      await expect(alices).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
    } finally {
      await t.close();
    }
  });

  it("are opened once when two processes dispatch the same call at the same moment", async () => {
    const t = twoProcesses();
    try {
      const outcomes = [t.a.dispatch(call), t.b.dispatch(call)];
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(t.requested).toHaveLength(1);
      await t.a.submit({ requestId: t.requested[0]!.requestId, owner: "alice", result: { city: "Rome" } });
      for (const outcome of outcomes)
        await expect(outcome).resolves.toEqual({ status: "ok", result: { city: "Rome" } });
    } finally {
      await t.close();
    }
  });
});
