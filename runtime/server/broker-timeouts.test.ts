import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ClientCallClosedError } from "../wire/errors.js";
import type { ClientCallOutcome } from "../wire/outcome.js";
import { createTestBroker, flush } from "./__fixtures__/tools.js";

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2025-01-01T00:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Whether the promise has settled yet, without waiting for it. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await flush();
  return settled;
}

describe("ClientCallBroker timeouts, cancel and close", () => {
  it("times out after the tool's timeoutSeconds, not before, and refuses a late answer with 409", async () => {
    const t = createTestBroker();
    const { outcome, request } = await t.dispatchLocation();

    await vi.advanceTimersByTimeAsync(29_999);
    expect(await isSettled(outcome)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toEqual({ status: "timeout", timeoutSeconds: 30 });

    await expect(
      t.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } }),
    ).rejects.toBeInstanceOf(ClientCallClosedError);
    expect(t.store.stats().open).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("waits 300 seconds for a tool without timeoutSeconds", async () => {
    const t = createTestBroker();
    const outcome = t.broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "read_clipboard",
      toolCallId: "call_1",
      args: {},
    });
    await flush();

    await vi.advanceTimersByTimeAsync(299_999);
    expect(await isSettled(outcome)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toEqual({ status: "timeout", timeoutSeconds: 300 });
  });

  it("treats an answer after the deadline as late even when the timer has not run yet", async () => {
    const t = createTestBroker();
    const { outcome, request } = await t.dispatchLocation();
    // The clock moves on but no timer fires: a busy event loop, or a timer in another process.
    vi.setSystemTime(Date.now() + 30_000);

    await expect(
      t.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } }),
    ).rejects.toBeInstanceOf(ClientCallClosedError);
    await expect(outcome).resolves.toEqual({ status: "timeout", timeoutSeconds: 30 });
  });

  it("cancels an open call with its reason, once, and clears its timer", async () => {
    const t = createTestBroker();
    const { outcome, request } = await t.dispatchLocation();

    expect(await t.broker.cancel({ requestId: request.requestId, owner: "alice" }, "the user stopped the run")).toBe(
      true,
    );
    expect(await t.broker.cancel({ requestId: request.requestId, owner: "alice" }, "again")).toBe(false);
    await expect(outcome).resolves.toEqual({ status: "cancelled", reason: "the user stopped the run" });
    expect(vi.getTimerCount()).toBe(0);
    expect(t.settled.map((s) => s.outcome)).toEqual([{ status: "cancelled", reason: "the user stopped the run" }]);

    await expect(
      t.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } }),
    ).rejects.toBeInstanceOf(ClientCallClosedError);
  });

  it("close() cancels every open call, leaves no timer, and cancels later dispatches without asking the client", async () => {
    const t = createTestBroker();
    const first = await t.dispatchLocation();
    const second = await t.dispatchLocation("bob");
    expect(vi.getTimerCount()).toBe(2);

    await t.broker.close();
    const outcomes: ClientCallOutcome[] = await Promise.all([first.outcome, second.outcome]);
    expect(outcomes).toEqual([
      { status: "cancelled", reason: "the server shut down the call" },
      { status: "cancelled", reason: "the server shut down the call" },
    ]);
    expect(vi.getTimerCount()).toBe(0);
    expect(t.store.stats().open).toBe(0);

    const late = t.broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "get_location",
      toolCallId: "call_9",
      args: {},
    });
    await expect(late).resolves.toEqual({ status: "cancelled", reason: "the server shut down the call" });
    expect(t.requests).toHaveLength(2);
    await t.broker.close();
  });
});

describe("ClientCallBroker timers in a real Node process", () => {
  it("never holds the process open: its timers are unref-ed, and close() removes them", async () => {
    vi.useRealTimers();
    const t = createTestBroker();
    const timeouts = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const before = timeouts();

    const { outcome } = await t.dispatchLocation();
    // getActiveResourcesInfo lists only the timers that keep the event loop alive.
    expect(timeouts()).toBe(before);

    await t.broker.close();
    await expect(outcome).resolves.toMatchObject({ status: "cancelled" });
    expect(timeouts()).toBe(before);
  });
});
