import { describe, expect, it } from "vitest";
import { Emitter } from "../emitter.js";
import { InMemoryPendingCallStore } from "../stores/memory-store.js";
import type { ClosedCall, PendingCall } from "../stores/store.js";
import type { CallPolicy } from "../tool-policy.js";
import type { CallEvents } from "./call-events.js";
import { CallLifecycle, STORE_LOST } from "./lifecycle.js";

const tool = { outputSchema: "f".repeat(64), timeoutSeconds: 30, maxAttempts: 2 };

function call(
  requestId: string,
  overrides: Partial<PendingCall["request"]> = {},
  recovery?: CallPolicy["recovery"],
): PendingCall {
  return {
    owner: "alice",
    request: {
      requestId,
      conversationId: "c1",
      toolName: "echo",
      toolCallId: `call_${requestId}`,
      args: {},
      attempt: 1,
      expiresAt: Date.now() + 30_000,
      ...overrides,
    },
    tool: { ...tool, ...(recovery !== undefined && { recovery }) },
  };
}

function lifecycle(store = new InMemoryPendingCallStore()) {
  const settled: ClosedCall[] = [];
  const givenUp: ClosedCall[] = [];
  const errors: unknown[] = [];
  const events = new Emitter<CallEvents>((error) => errors.push(error));
  events.on("settled", (closed) => settled.push(closed));
  events.on("ended", (closed) => givenUp.push(closed));
  events.on("error", ({ error }) => errors.push(error));
  const life = new CallLifecycle({ store, policyOf: (pending) => pending.tool, events });
  return { life, store, waiters: life.waiters, settled, givenUp, errors };
}

describe("CallLifecycle", () => {
  it("ends a call once: the first end wins, the second learns why (409), and only a waited-for call is settled here", async () => {
    const { life, store, waiters, settled } = lifecycle();
    const r1 = call("r1");
    await store.open(r1);
    const outcome = waiters.wait(r1, true);
    await life.end(r1, { status: "ok", result: {} });
    await expect(outcome).resolves.toEqual({ status: "ok", result: {} });
    await expect(life.end(r1, { status: "ok", result: {} })).rejects.toMatchObject({ status: 409 });
    expect(settled.map((closed) => closed.request.requestId)).toEqual(["r1"]);
  });

  it("re-sends a call at the attempt it was read at, and refuses a stale one (409)", async () => {
    const { life, store, waiters } = lifecycle();
    const r1 = call("r1");
    await store.open(r1);
    void waiters.wait(r1, true);
    const next = call("r1", { attempt: 2, expiresAt: Date.now() + 60_000 });
    await life.resend(r1, next);
    expect(waiters.get("r1")?.request.attempt).toBe(2);
    await expect(life.resend(r1, next)).rejects.toMatchObject({ status: 409 });
  });

  it("recovers an orphaned call by its tool's policy: settle ends it as unknown_outcome, redispatch sends attempt 2, wait leaves it", async () => {
    const { life, store } = lifecycle();
    for (const [id, recovery] of [
      ["s", "settle"],
      ["r", "redispatch"],
      ["w", "wait"],
    ] as const) {
      const opened = call(id, {}, recovery);
      await store.open(opened);
      await life.recover({ state: "open", ...opened }, "the dispatcher stopped");
    }
    expect(await store.get("s", "alice")).toMatchObject({
      state: "closed",
      outcome: { status: "unknown_outcome", reason: "the dispatcher stopped" },
    });
    expect(await store.get("r", "alice")).toMatchObject({ state: "open", request: { attempt: 2 } });
    expect(await store.get("w", "alice")).toMatchObject({ state: "open", request: { attempt: 1 } });
  });

  it("times out a waited-for call at its deadline, settles one that ended elsewhere, and gives up one the store lost", async () => {
    const { life, store, waiters, givenUp } = lifecycle();
    const due = call("due", { expiresAt: Date.now() - 1 });
    const ended = call("ended", { expiresAt: Date.now() - 1 });
    const lost = call("lost", { expiresAt: Date.now() - 1 });
    await store.open(due);
    await store.open(ended);
    await store.close(ended, { status: "ok", result: { n: 1 } });
    const outcomes = [waiters.wait(due, true), waiters.wait(ended, true), waiters.wait(lost, true)];
    await Promise.all(["due", "ended", "lost"].map((id) => life.expire(id)));
    expect(await Promise.all(outcomes)).toEqual([
      { status: "timeout", timeoutSeconds: 30 },
      { status: "ok", result: { n: 1 } },
      STORE_LOST,
    ]);
    expect(givenUp.map((closed) => closed.request.requestId)).toEqual(["lost"]);
  });

  it("sweeps the calls the store says are past their deadline, each ended as timeout once, whoever dispatched them", async () => {
    const store = new InMemoryPendingCallStore();
    const expired = [call("a", { expiresAt: Date.now() - 1 }), call("b", { expiresAt: Date.now() - 1 })];
    const claims: number[] = [];
    const sweeping = Object.assign(store, {
      claimExpired: async (now: number) => (claims.push(now), expired),
    });
    for (const opened of expired) await store.open(opened);
    const { life } = lifecycle(sweeping);
    await life.sweep();
    await life.sweep();
    expect(claims).toHaveLength(2);
    for (const id of ["a", "b"])
      expect(await store.get(id, "alice")).toMatchObject({
        state: "closed",
        outcome: { status: "timeout", timeoutSeconds: 30 },
      });
  });
});
