import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestBroker, flush } from "./__fixtures__/tools.js";
import { InMemoryPendingCallStore } from "./stores/memory-store.js";

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2025-01-01T00:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("broker.inspect", () => {
  it("counts the owner's open calls by tool with the soonest deadline, and says nothing a call carries", async () => {
    const t = createTestBroker();
    await t.dispatchLocation("alice");
    vi.advanceTimersByTime(5000);
    await t.dispatchLocation("alice");
    await t.dispatchLocation("bob");
    void t.broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "confirm_purchase",
      toolCallId: "buy",
      args: { item: "secret-item-name" },
    });
    await flush();

    const seen = await t.broker.inspect({ owner: "alice" });
    expect(seen).toEqual({
      owner: "alice",
      openCalls: [
        { toolName: "confirm_purchase", count: 1, nextDeadline: Date.parse("2025-01-01T00:00:35Z") },
        { toolName: "get_location", count: 2, nextDeadline: Date.parse("2025-01-01T00:00:30Z") },
      ],
      nextDeadline: Date.parse("2025-01-01T00:00:30Z"),
      waiting: 4,
      // The first dispatch, before the clock moved 5 s.
      oldestWaitingSince: Date.parse("2025-01-01T00:00:00Z"),
      lastSweep: null,
      store: "ok",
    });
    expect(JSON.stringify(seen)).not.toContain("secret-item-name");
    expect((await t.broker.inspect({ owner: "alice", conversationId: "c2" })).openCalls).toEqual([]);
  });

  it("says the store is unavailable, and reports why to onError, when it cannot list", async () => {
    const store = new InMemoryPendingCallStore();
    store.list = () => Promise.reject(new Error("store down"));
    const onError = vi.fn();
    const t = createTestBroker({ store, onError });
    await t.dispatchLocation("alice");
    expect(await t.broker.inspect({ owner: "alice" })).toMatchObject({
      store: "unavailable",
      openCalls: [],
      nextDeadline: null,
      waiting: 1,
    });
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: "store down" }),
      "listing open calls for inspect() failed",
    );
  });
});

describe("broker.summary", () => {
  it("counts every owner's open calls, before and past their deadline, and names this instance with what it waits for", async () => {
    const store = new InMemoryPendingCallStore();
    const t = createTestBroker({ store, instanceId: "web-1" });
    await t.dispatchLocation("alice");
    await t.dispatchLocation("bob");
    // Past the first two calls' deadline, with the timers that would end them not yet run: overdue in the store.
    vi.setSystemTime(Date.parse("2025-01-01T00:00:31Z"));
    await t.dispatchLocation("carol");
    expect(await t.broker.summary()).toEqual({
      open: 1,
      overdue: 2,
      instances: [
        {
          instanceId: "web-1",
          waiting: 3,
          oldestWaitingSince: Date.parse("2025-01-01T00:00:00Z"),
          lastSweep: null,
          reportedAt: Date.parse("2025-01-01T00:00:31Z"),
        },
      ],
      store: "ok",
    });
  });

  it("says the store is unavailable, and reports why, keeping this instance's own view", async () => {
    const store = new InMemoryPendingCallStore();
    store.summarize = () => Promise.reject(new Error("store down"));
    const onError = vi.fn();
    const t = createTestBroker({ store, onError, instanceId: "web-1" });
    await t.dispatchLocation("alice");
    expect(await t.broker.summary()).toMatchObject({
      store: "unavailable",
      instances: [{ instanceId: "web-1", waiting: 1 }],
    });
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: "store down" }),
      "summarising the store's calls for summary() failed",
    );
  });
});
