import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { JsonObject } from "../../util/json.js";
import { clientToolContractOf, parseClientToolContract } from "../../wire/client-tool-contract.js";
import type { ClientToolCancelledMessage, ClientToolMismatchMessage, ClientToolRequest } from "../../wire/messages.js";
import { createTestBroker, flush, specs } from "../__fixtures__/tools.js";
import { InMemoryPendingCallStore } from "../stores/memory-store.js";
import type { PendingCall, PendingCallFilter } from "../stores/store.js";
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
  const mismatches: ClientToolMismatchMessage[] = [];
  return {
    requested,
    cancelled,
    mismatches,
    sink: {
      requested: (r: ClientToolRequest) => requested.push(r),
      cancelled: (m: ClientToolCancelledMessage) => cancelled.push(m),
      mismatch: (m: ClientToolMismatchMessage) => mismatches.push(m),
    },
  };
}

/** The contract of a page generated from these specs (get_location as the server has it, or changed, or left out). */
function pageContract(changes: { readonly locationOutput?: JsonObject; readonly without?: string } = {}) {
  const tools = specs
    .filter((spec) => spec.name !== changes.without)
    .map((spec) =>
      spec.name === "get_location" && changes.locationOutput !== undefined
        ? { ...spec, outputSchema: changes.locationOutput }
        : spec,
    );
  return parseClientToolContract(clientToolContractOf(tools));
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
    void t.broker.dispatch({
      conversationId: "c2",
      owner: "alice",
      toolName: "get_location",
      toolCallId: "other",
      args: {},
    });
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

  it("says when a call times out or is cancelled, and that an answered call it was sent has ended (for the user's other tabs)", async () => {
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
      {
        type: "client_tool.cancelled",
        requestId: answered.request.requestId,
        reason: "A page of this user answered the call.",
      },
      { type: "client_tool.cancelled", requestId: withdrawn.request.requestId, reason: "The user left." },
      {
        type: "client_tool.cancelled",
        requestId: timedOut.request.requestId,
        reason: "The call timed out after 30 seconds.",
      },
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
    void t.broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "get_location",
      toolCallId: "x",
      args: {},
    });
    await flush();
    expect(requested).toEqual([]);
  });

  describe("with the page's contract", () => {
    const OUT_OF_DATE = { status: "client_out_of_date", differs: ["result"] };

    it("sends a call the page has as the call does", async () => {
      const t = createTestBroker();
      const { requested, mismatches, sink } = recordingSink();
      await followOwnerCalls(t.broker, { owner: "alice" }, sink, pageContract()).replayed;
      const call = await t.dispatchLocation("alice");
      expect(requested).toEqual([call.request]);
      expect(mismatches).toEqual([]);
    });

    it("does not send a call of a tool the page has another version of: tells the page, and ends the call for the model at once", async () => {
      const t = createTestBroker();
      const { requested, mismatches, sink } = recordingSink();
      await followOwnerCalls(
        t.broker,
        { owner: "alice" },
        sink,
        pageContract({ locationOutput: { type: "object", properties: { town: { type: "string" } } } }),
      ).replayed;
      const { outcome, request } = await t.dispatchLocation("alice");
      expect(requested).toEqual([]);
      expect(mismatches).toEqual([
        {
          type: "client_tool.mismatch",
          requestId: request.requestId,
          conversationId: "c1",
          toolCallId: request.toolCallId,
          toolName: "get_location",
          differs: ["result"],
        },
      ]);
      await expect(outcome).resolves.toEqual(OUT_OF_DATE);
    });

    it("ends a call of a tool the page lacks that was open before it connected", async () => {
      const t = createTestBroker();
      const { outcome, request } = await t.dispatchLocation("alice");
      const { requested, mismatches, sink } = recordingSink();
      await followOwnerCalls(t.broker, { owner: "alice" }, sink, pageContract({ without: "get_location" })).replayed;
      expect(requested).toEqual([]);
      expect(mismatches.map((m) => [m.requestId, m.differs])).toEqual([[request.requestId, ["missing"]]]);
      await expect(outcome).resolves.toEqual({ status: "client_out_of_date", differs: ["missing"] });
    });

    it("leaves the call to another page of the owner here that can run it, and tells the old page all the same", async () => {
      const t = createTestBroker();
      const old = recordingSink();
      const current = recordingSink();
      await followOwnerCalls(t.broker, { owner: "alice" }, old.sink, pageContract({ without: "get_location" }))
        .replayed;
      await followOwnerCalls(t.broker, { owner: "alice", conversationId: "c1" }, current.sink, pageContract()).replayed;
      const { outcome, request } = await t.dispatchLocation("alice");
      expect(old.mismatches.map((m) => m.requestId)).toEqual([request.requestId]);
      expect(current.requested).toEqual([request]);
      await t.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } });
      await expect(outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
    });

    it("counts a page that sent no contract as one that can run every call", async () => {
      const t = createTestBroker();
      const old = recordingSink();
      const unknown = recordingSink();
      await followOwnerCalls(t.broker, { owner: "alice" }, old.sink, pageContract({ without: "get_location" }))
        .replayed;
      await followOwnerCalls(t.broker, { owner: "alice" }, unknown.sink).replayed;
      const { request } = await t.dispatchLocation("alice");
      expect(unknown.requested).toEqual([request]);
      expect(t.settled).toEqual([]);
    });

    it("ends the call once the page that could run it has gone", async () => {
      const t = createTestBroker();
      const old = recordingSink();
      const current = recordingSink();
      await followOwnerCalls(t.broker, { owner: "alice" }, old.sink, pageContract({ without: "get_location" }))
        .replayed;
      const leaving = followOwnerCalls(t.broker, { owner: "alice" }, current.sink, pageContract());
      await leaving.replayed;
      leaving.stop();
      const { outcome } = await t.dispatchLocation("alice");
      await expect(outcome).resolves.toEqual({ status: "client_out_of_date", differs: ["missing"] });
      expect(current.requested).toEqual([]);
      // The page that was told is not told of the end of a call it never had.
      expect(old.cancelled).toEqual([]);
    });

    it("stops a page running the call when an out-of-date page elsewhere ended it", async () => {
      const t = createTestBroker();
      const current = recordingSink();
      await followOwnerCalls(t.broker, { owner: "alice" }, current.sink, pageContract()).replayed;
      const { outcome, request } = await t.dispatchLocation("alice");
      // What an old page connected to another instance sharing the store does.
      await t.broker.clientOutOfDate({ requestId: request.requestId, owner: "alice" }, ["missing"]);
      await expect(outcome).resolves.toEqual({ status: "client_out_of_date", differs: ["missing"] });
      expect(current.cancelled).toEqual([
        {
          type: "client_tool.cancelled",
          requestId: request.requestId,
          reason: "Another page of this user, with out-of-date code, could not run the call.",
        },
      ]);
    });

    it("tells the page once per call, however often the call is sent again", async () => {
      const t = createTestBroker();
      const old = recordingSink();
      const current = recordingSink();
      await followOwnerCalls(t.broker, { owner: "alice" }, old.sink, pageContract({ without: "get_location" }))
        .replayed;
      await followOwnerCalls(t.broker, { owner: "alice" }, current.sink, pageContract()).replayed;
      const { outcome, request } = await t.dispatchLocation("alice");
      // The current page fails in a way worth retrying: get_location is read-only, so the call is sent again.
      await t.broker.fail({
        requestId: request.requestId,
        owner: "alice",
        attempt: 1,
        error: "GPS busy",
        retryable: true,
      });
      await flush();
      expect(current.requested.map((r) => r.attempt)).toEqual([1, 2]);
      expect(old.mismatches).toHaveLength(1);
      await t.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } });
      await expect(outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
    });

    it("lets two pages that both lack the tool end the call once", async () => {
      const t = createTestBroker();
      const a = recordingSink();
      const b = recordingSink();
      await followOwnerCalls(t.broker, { owner: "alice" }, a.sink, pageContract({ without: "get_location" })).replayed;
      await followOwnerCalls(t.broker, { owner: "alice" }, b.sink, pageContract({ without: "get_location" })).replayed;
      const { outcome } = await t.dispatchLocation("alice");
      await expect(outcome).resolves.toEqual({ status: "client_out_of_date", differs: ["missing"] });
      expect([a.mismatches.length, b.mismatches.length]).toEqual([1, 1]);
      expect(t.settled).toHaveLength(1);
    });
  });
});
