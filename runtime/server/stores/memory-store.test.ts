import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { describeBrokersSharingStore } from "../../../test-support/shared-brokers.js";
import { describeStoreContract } from "../../../test-support/store-conformance.js";
import type { ClientToolRequest } from "../../wire/messages.js";
import { InMemoryPendingCallStore } from "./memory-store.js";

const NOW = Date.parse("2025-01-01T00:00:00Z");

function request(requestId: string, overrides: Partial<ClientToolRequest> = {}): ClientToolRequest {
  return {
    requestId,
    conversationId: "c1",
    toolName: "get_location",
    toolCallId: `call_${requestId}`,
    args: {},
    attempt: 1,
    expiresAt: NOW + 30_000,
    ...overrides,
  };
}

const ok = { status: "ok", result: { city: "Lyon" } } as const;

describe("InMemoryPendingCallStore, beyond the contract", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("remembers an ended call for the retention period, then forgets it", async () => {
    const store = new InMemoryPendingCallStore({ closedRetentionMs: 60_000 });
    const call = { owner: "alice", request: request("r1") };
    await store.open(call);
    await store.close(call, ok);

    vi.setSystemTime(NOW + 59_999);
    expect((await store.get("r1", "alice"))?.state).toBe("closed");
    vi.setSystemTime(NOW + 60_000);
    expect(await store.get("r1", "alice")).toBeUndefined();
    expect(store.stats()).toEqual({ open: 0, closed: 0, schemas: 0 });
  });

  it("still reports a won close when a subscriber throws, and rethrows the error outside", async () => {
    const store = new InMemoryPendingCallStore();
    const rethrown: (() => void)[] = [];
    vi.spyOn(globalThis, "queueMicrotask").mockImplementation((task) => void rethrown.push(task));
    store.subscribe({
      requested: () => {},
      closed: () => {
        throw new Error("broken subscriber");
      },
    });
    const call = { owner: "alice", request: request("r1") };
    await store.open(call);

    expect(await store.close(call, ok)).toBe(true);
    vi.mocked(globalThis.queueMicrotask).mockRestore();
    expect(rethrown).toHaveLength(1);
    expect(() => rethrown[0]!()).toThrow("broken subscriber");
  });
});

describeStoreContract("InMemoryPendingCallStore", async (closedRetentionMs) => ({
  store: new InMemoryPendingCallStore({ closedRetentionMs }),
  release: async () => {},
}));

// Brokers in one process sharing one store behave like instances sharing Redis.
describeBrokersSharingStore(
  "InMemoryPendingCallStore",
  async () => ({ store: new InMemoryPendingCallStore(), release: async () => {} }),
  async (store) => ({ store, release: async () => {} }),
);
