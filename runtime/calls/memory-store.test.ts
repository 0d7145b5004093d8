import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ClientToolRequest } from "./messages.js";
import { InMemoryPendingCallStore } from "./memory-store.js";
import type { ClosedCall } from "./store.js";

const NOW = Date.parse("2025-01-01T00:00:00Z");

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

function request(requestId: string, overrides: Partial<ClientToolRequest> = {}): ClientToolRequest {
  return { requestId, conversationId: "c1", toolName: "get_location", toolCallId: `call_${requestId}`, args: {}, attempt: 1, expiresAt: NOW + 30_000, ...overrides };
}

const ok = { status: "ok", result: { city: "Lyon" } } as const;

describe("InMemoryPendingCallStore", () => {
  it("lets exactly one caller close a call, and only at the attempt it expects", async () => {
    const store = new InMemoryPendingCallStore();
    await store.open({ owner: "alice", request: request("r1") });

    expect(await store.close("r1", 2, ok)).toBe(false);
    expect(await Promise.all([store.close("r1", 1, ok), store.close("r1", 1, ok)])).toEqual([true, false]);
    expect(await store.get("r1")).toEqual({ state: "closed", owner: "alice", request: request("r1"), outcome: ok });
  });

  it("re-sends a call only from the attempt the caller expects", async () => {
    const store = new InMemoryPendingCallStore();
    await store.open({ owner: "alice", request: request("r1") });
    const next = { owner: "alice", request: request("r1", { attempt: 2, expiresAt: NOW + 60_000 }) };

    expect(await store.reissue(next, 1)).toBe(true);
    expect(await store.reissue(next, 1)).toBe(false);
    expect(await store.get("r1")).toEqual({ state: "open", ...next });
    expect(await store.close("r1", 1, ok)).toBe(false);
    expect(await store.close("r1", 2, ok)).toBe(true);
  });

  it("lists one owner's open calls oldest first, optionally of one conversation", async () => {
    const store = new InMemoryPendingCallStore();
    await store.open({ owner: "alice", request: request("r1") });
    await store.open({ owner: "bob", request: request("r2") });
    await store.open({ owner: "alice", request: request("r3", { conversationId: "c2" }) });
    await store.open({ owner: "alice", request: request("r4") });
    await store.close("r4", 1, ok);

    expect((await store.list({ owner: "alice" })).map((c) => c.request.requestId)).toEqual(["r1", "r3"]);
    expect((await store.list({ owner: "alice", conversationId: "c2" })).map((c) => c.request.requestId)).toEqual(["r3"]);
    expect(await store.list({ owner: "carol" })).toEqual([]);
  });

  it("remembers an ended call for the retention period, then forgets it", async () => {
    const store = new InMemoryPendingCallStore({ closedRetentionMs: 60_000 });
    await store.open({ owner: "alice", request: request("r1") });
    await store.close("r1", 1, ok);

    vi.setSystemTime(NOW + 59_999);
    expect((await store.get("r1"))?.state).toBe("closed");
    vi.setSystemTime(NOW + 60_000);
    expect(await store.get("r1")).toBeUndefined();
    expect(store.stats()).toEqual({ open: 0, closed: 0 });
  });

  it("refuses to open a request id it already holds", async () => {
    const store = new InMemoryPendingCallStore();
    await store.open({ owner: "alice", request: request("r1") });

    await expect(store.open({ owner: "bob", request: request("r1") })).rejects.toThrow(/Duplicate/);
  });

  it("tells each subscriber of each close, until it unsubscribes", async () => {
    const store = new InMemoryPendingCallStore();
    const heard: ClosedCall[] = [];
    const off = store.subscribe((closed) => heard.push(closed));
    await store.open({ owner: "alice", request: request("r1") });
    await store.open({ owner: "alice", request: request("r2") });

    await store.close("r1", 1, ok);
    off();
    await store.close("r2", 1, ok);
    expect(heard).toEqual([{ owner: "alice", request: request("r1"), outcome: ok }]);
  });

  it("still reports a won close when a subscriber throws, and rethrows the error outside", async () => {
    const store = new InMemoryPendingCallStore();
    const rethrown: (() => void)[] = [];
    vi.spyOn(globalThis, "queueMicrotask").mockImplementation((task) => void rethrown.push(task));
    store.subscribe(() => {
      throw new Error("broken subscriber");
    });
    await store.open({ owner: "alice", request: request("r1") });

    expect(await store.close("r1", 1, ok)).toBe(true);
    vi.mocked(globalThis.queueMicrotask).mockRestore();
    expect(rethrown).toHaveLength(1);
    expect(() => rethrown[0]!()).toThrow("broken subscriber");
  });
});
