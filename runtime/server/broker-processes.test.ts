import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ClientCallClosedError } from "../wire/errors.js";
import { createTestBroker, flush } from "./__fixtures__/tools.js";
import { InMemoryPendingCallStore } from "./stores/memory-store.js";
import type { PendingCallListener, ToolCallAddress } from "./stores/store.js";

// Brokers sharing one store stand in for server processes sharing a database.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2025-01-01T00:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A shared store whose close notices never arrive (a pub/sub message lost on the way). */
class LossyStore extends InMemoryPendingCallStore {
  override subscribe(listener: PendingCallListener): () => void {
    return super.subscribe({ requested: listener.requested, closed: () => {} });
  }
}

describe("ClientCallBroker across processes sharing a store", () => {
  it("ends a dispatch when another process accepts the answer; only the dispatching one reports it settled", async () => {
    const a = createTestBroker();
    const b = createTestBroker({ store: a.store });
    const { outcome, request } = await a.dispatchLocation();

    await b.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } });
    await expect(outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
    expect(a.settled).toHaveLength(1);
    expect(b.settled).toEqual([]);
  });

  it("lets exactly one of two racing answers win", async () => {
    const a = createTestBroker();
    const b = createTestBroker({ store: a.store });
    const { outcome, request } = await a.dispatchLocation();

    const results = await Promise.allSettled([
      a.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } }),
      b.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Paris" } }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected");
    expect(rejected?.reason).toBeInstanceOf(ClientCallClosedError);
    const won = results[0]?.status === "fulfilled" ? "Lyon" : "Paris";
    await expect(outcome).resolves.toEqual({ status: "ok", result: { city: won } });
  });

  it("recovers the outcome from the store at the deadline when the close notice was lost", async () => {
    const store = new LossyStore();
    const a = createTestBroker({ store });
    const b = createTestBroker({ store });
    const { outcome, request } = await a.dispatchLocation();
    await b.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } });

    await vi.advanceTimersByTimeAsync(30_000);
    await expect(outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
  });

  it("follows a re-send made by another process: its timer waits for the new deadline", async () => {
    const a = createTestBroker();
    const b = createTestBroker({ store: a.store });
    const { outcome, request } = await a.dispatchLocation();
    await vi.advanceTimersByTimeAsync(10_000);
    await b.broker.fail({ requestId: request.requestId, owner: "alice", error: "busy", retryable: true });
    // Every process hears the call and its re-send, whoever made them.
    expect(b.requests.map((r) => r.request.attempt)).toEqual([1, 2]);

    await vi.advanceTimersByTimeAsync(20_000);
    let ended = false;
    void outcome.then(() => (ended = true));
    await flush();
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(outcome).resolves.toEqual({ status: "timeout", timeoutSeconds: 30 });
    expect(a.settled.map((s) => s.request.attempt)).toEqual([2]);
  });

  it("keeps trying when the store fails under a timer, and reports the failure", async () => {
    const store = new InMemoryPendingCallStore();
    const onError = vi.fn();
    const t = createTestBroker({ store, onError });
    const { outcome } = await t.dispatchLocation();
    const get = vi.spyOn(store, "get").mockRejectedValueOnce(new Error("database unreachable"));

    await vi.advanceTimersByTimeAsync(30_000);
    expect(onError).toHaveBeenCalledWith(
      new Error("database unreachable"),
      expect.stringContaining("could not reach the store"),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(outcome).resolves.toEqual({ status: "timeout", timeoutSeconds: 30 });
    expect(get).toHaveBeenCalledTimes(2);
  });

  it("reports a store outage under its timers and sweeps once, not once a second for each call, and again after the store came back", async () => {
    const store = Object.assign(new InMemoryPendingCallStore(), { claimExpired: async () => [] });
    const onError = vi.fn();
    const t = createTestBroker({ store, onError, sweepIntervalMs: 100 });
    const outcomes: Promise<unknown>[] = [];
    for (let i = 0; i < 5; i++) outcomes.push((await t.dispatchLocation()).outcome);
    const down = new Error("database unreachable");
    const get = vi.spyOn(store, "get").mockRejectedValue(down);
    const claim = vi.spyOn(store, "claimExpired").mockRejectedValue(down);
    // Five calls past their deadline retried every second, and sweeps every 100 ms, for ten seconds.
    await vi.advanceTimersByTimeAsync(40_000);
    expect(get.mock.calls.length).toBeGreaterThan(20);
    expect(claim.mock.calls.length).toBeGreaterThan(50);
    const reported = onError.mock.calls.map(([, context]) => String(context).split(" (")[0]).sort();
    expect(reported).toEqual([
      "a client tool call's timer could not reach the store",
      "sweeping the store's expired calls failed",
    ]);
    get.mockRestore();
    claim.mockRestore();
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(Promise.all(outcomes)).resolves.toEqual(
      outcomes.map(() => ({ status: "timeout", timeoutSeconds: 30 })),
    );
    // Back, and down again: reported again.
    onError.mockClear();
    vi.spyOn(store, "claimExpired").mockRejectedValue(down);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it("gets the outcome at once when a call it attaches to ends between reading it open and waiting for it", async () => {
    /** A store whose lookup by toolCallId hands back what it read, then lets another process end the call. */
    class RacingStore extends InMemoryPendingCallStore {
      between: (() => Promise<void>) | undefined;
      override async findByToolCall(address: ToolCallAddress) {
        const found = await super.findByToolCall(address);
        const hook = this.between;
        this.between = undefined;
        await hook?.();
        return found;
      }
    }
    const store = new RacingStore();
    const a = createTestBroker({ store });
    const b = createTestBroker({ store });
    const { request } = await a.dispatchLocation();
    // The agent loop dispatches again (after a restart, elsewhere); the answer lands in between.
    const restarted = createTestBroker({ store });
    store.between = () => b.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } });
    const again = restarted.broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "get_location",
      toolCallId: "call_0",
      args: {},
    });
    await flush();
    await expect(again).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
  });
});
