import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestBroker, flush } from "../__fixtures__/tools.js";
import { InMemoryPendingCallStore } from "../memory-store.js";
import type { ClientToolCancelledMessage, ClientToolRequest } from "../../wire/messages.js";
import type { PendingCall, PendingCallFilter } from "../store.js";
import { followOwnerCalls } from "./owner-feed.js";

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2025-01-01T00:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

function recordingSink() {
  const requested: ClientToolRequest[] = [];
  const cancelled: ClientToolCancelledMessage[] = [];
  return { requested, cancelled, sink: { requested: (r: ClientToolRequest) => requested.push(r), cancelled: (m: ClientToolCancelledMessage) => cancelled.push(m) } };
}

/** A store whose listing waits until the test opens the gate. */
class GatedStore extends InMemoryPendingCallStore {
  openGate: () => void = () => {};
  readonly #gate = new Promise<void>((resolve) => (this.openGate = resolve));
  override async list(filter: PendingCallFilter): Promise<readonly PendingCall[]> {
    await this.#gate;
    return super.list(filter);
  }
}

describe("followOwnerCalls", () => {
  it("replays the owner's open calls of the conversation, then follows new ones", async () => {
    const t = createTestBroker();
    const open = await t.dispatchLocation("alice");
    await t.dispatchLocation("bob");
    void t.broker.dispatch({ conversationId: "c2", owner: "alice", toolName: "get_location", toolCallId: "other", args: {} });
    await flush();

    const { requested, sink } = recordingSink();
    const feed = followOwnerCalls(t.broker, { owner: "alice", conversationId: "c1" }, sink);
    await feed.replayed;
    expect(requested).toEqual([open.request]);
    const next = await t.dispatchLocation("alice");
    expect(requested).toEqual([open.request, next.request]);
  });

  it("sends a request that arrives while the listing runs only once", async () => {
    const store = new GatedStore();
    const t = createTestBroker({ store });
    const { requested, sink } = recordingSink();
    const feed = followOwnerCalls(t.broker, { owner: "alice" }, sink);
    const call = await t.dispatchLocation("alice");
    expect(requested).toEqual([call.request]);
    store.openGate();
    await feed.replayed;
    expect(requested).toEqual([call.request]);
  });

  it("says when a call times out or is cancelled, and nothing for answered calls", async () => {
    const t = createTestBroker();
    const { cancelled, sink } = recordingSink();
    await followOwnerCalls(t.broker, { owner: "alice" }, sink).replayed;
    const timedOut = await t.dispatchLocation("alice");
    const withdrawn = await t.dispatchLocation("alice");
    const answered = await t.dispatchLocation("alice");
    await t.broker.submit({ requestId: answered.request.requestId, owner: "alice", result: { city: "Lyon" } });
    await t.broker.cancel({ requestId: withdrawn.request.requestId, owner: "alice" }, "The user left.");
    await vi.advanceTimersByTimeAsync(30_000);

    expect(cancelled).toEqual([
      { type: "client_tool.cancelled", requestId: withdrawn.request.requestId, reason: "The user left." },
      { type: "client_tool.cancelled", requestId: timedOut.request.requestId, reason: "The call timed out after 30 seconds." },
    ]);
  });

  it("calls the sink no more once stopped, not even from a listing still running", async () => {
    const store = new GatedStore();
    const t = createTestBroker({ store });
    await t.dispatchLocation("alice");
    const { requested, sink } = recordingSink();
    const feed = followOwnerCalls(t.broker, { owner: "alice" }, sink);
    feed.stop();
    store.openGate();
    await feed.replayed;
    await t.dispatchLocation("alice");
    expect(requested).toEqual([]);
  });

  it("stops and rejects when the store cannot list", async () => {
    const store = new InMemoryPendingCallStore();
    store.list = () => Promise.reject(new Error("store down"));
    const t = createTestBroker({ store });
    const { requested, sink } = recordingSink();
    await expect(followOwnerCalls(t.broker, { owner: "alice" }, sink).replayed).rejects.toThrow("store down");
    void t.broker.dispatch({ conversationId: "c1", owner: "alice", toolName: "get_location", toolCallId: "x", args: {} });
    await flush();
    expect(requested).toEqual([]);
  });
});
