import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PendingCall } from "../stores/store.js";
import { CallWaiters, DEADLINE_RETRY_MS } from "./waiters.js";

const NOW = 1_800_000_000_000;

function call(requestId: string, expiresIn: number): PendingCall {
  return {
    owner: "alice",
    request: {
      requestId,
      conversationId: "c1",
      toolName: "echo",
      toolCallId: `call_${requestId}`,
      args: {},
      attempt: 1,
      expiresAt: NOW + expiresIn,
    },
  };
}

describe("CallWaiters", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("resolves every dispatch waiting for a call with its outcome, once, and forgets the call", async () => {
    const waiters = new CallWaiters(
      async () => {},
      () => {},
    );
    const first = waiters.wait(call("r1", 30_000), false);
    const again = waiters.wait(call("r1", 30_000), true);
    expect(waiters.get("r1")).toMatchObject({ owner: "alice", stored: false });
    const outcome = { status: "ok", result: { n: 1 } } as const;
    expect(waiters.settle({ ...call("r1", 30_000), outcome })).toBe(true);
    await expect(Promise.all([first, again])).resolves.toEqual([outcome, outcome]);
    expect(waiters.settle({ ...call("r1", 30_000), outcome })).toBe(false);
    expect(waiters.has("r1")).toBe(false);
  });

  it("runs onDeadline at the call's deadline, and at the new one once the call is sent again", async () => {
    const deadlines: [string, number][] = [];
    const waiters = new CallWaiters(
      async (requestId) => void deadlines.push([requestId, Date.now() - NOW]),
      () => {},
    );
    void waiters.wait(call("r1", 10_000), true);
    await vi.advanceTimersByTimeAsync(5_000);
    waiters.follow({ ...call("r1", 0).request, attempt: 2, expiresAt: NOW + 20_000 });
    expect(waiters.get("r1")?.request.attempt).toBe(2);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(deadlines).toEqual([["r1", 20_000]]);
  });

  it("reports an onDeadline that fails and runs it again a second later, while the call is waited for", async () => {
    const errors: unknown[] = [];
    let tries = 0;
    const waiters = new CallWaiters(
      async () => {
        if (++tries < 3) throw new Error("store unreachable");
      },
      (error) => errors.push(error),
    );
    void waiters.wait(call("r1", 1_000), true);
    await vi.advanceTimersByTimeAsync(1_000 + 2 * DEADLINE_RETRY_MS);
    expect(tries).toBe(3);
    expect(errors).toEqual([new Error("store unreachable"), new Error("store unreachable")]);
  });

  it("stops a call's timer when it is forgotten, without resolving it", async () => {
    const onDeadline = vi.fn(async () => {});
    const waiters = new CallWaiters(onDeadline, () => {});
    let resolved = false;
    void waiters.wait(call("r1", 1_000), false).then(() => (resolved = true));
    waiters.forget("r1");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onDeadline).not.toHaveBeenCalled();
    expect(resolved).toBe(false);
    expect(waiters.entries()).toEqual([]);
  });
});
