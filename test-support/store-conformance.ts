import { afterEach, describe, expect, it } from "vitest";
import {
  type ClosedCall,
  DuplicateToolCallError,
  type PendingCall,
  type PendingCallStore,
} from "../runtime/server/stores/store.js";
import type { ClientToolRequest } from "../runtime/wire/messages.js";
import { eventually } from "./eventually.js";

/** A store for one test, remembering closed calls for `retentionMs`, and how to let it go. */
export interface StoreUnderTest {
  readonly store: PendingCallStore;
  readonly release: () => Promise<void>;
}

const ok = { status: "ok", result: { city: "Lyon" } } as const;

function request(requestId: string, overrides: Partial<ClientToolRequest> = {}): ClientToolRequest {
  return {
    requestId,
    conversationId: "c1",
    toolName: "get_location",
    toolCallId: `call_${requestId}`,
    args: {},
    attempt: 1,
    expiresAt: Date.now() + 30_000,
    ...overrides,
  };
}

/**
 * The `PendingCallStore` contract as tests, one suite for every store: `make(retentionMs)` gives
 * a fresh, empty store whose ended calls are kept that long. Real time throughout (a Redis TTL
 * does not follow fake timers).
 */
export function describeStoreContract(name: string, make: (retentionMs: number) => Promise<StoreUnderTest>): void {
  describe(`${name}: the PendingCallStore contract`, () => {
    const made: StoreUnderTest[] = [];
    const fresh = async (retentionMs = 60_000): Promise<PendingCallStore> => {
      const under = await make(retentionMs);
      made.push(under);
      return under.store;
    };
    afterEach(async () => {
      for (const under of made.splice(0)) await under.release();
    });

    it("lets exactly one caller close a call, and only at the attempt it expects", async () => {
      const store = await fresh();
      const r1 = request("r1");
      await store.open({ owner: "alice", request: r1 });
      expect(await store.close({ owner: "alice", request: { ...r1, attempt: 2 } }, ok)).toBe(false);
      const results = await Promise.all(
        Array.from({ length: 8 }, () => store.close({ owner: "alice", request: r1 }, ok)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await store.get("r1", "alice")).toEqual({ state: "closed", owner: "alice", request: r1, outcome: ok });
    });

    it("closes with the call the caller read, and still only at the attempt it expects", async () => {
      const store = await fresh();
      const first = { owner: "alice", request: request("r1") };
      await store.open(first);
      const next = { owner: "alice", request: { ...first.request, attempt: 2 } };
      await store.reissue(next, 1);
      // What the caller read at attempt 1 no longer closes the call.
      expect(await store.close(first, ok)).toBe(false);
      expect(await store.close(next, ok)).toBe(true);
      expect(await store.get("r1", "alice")).toEqual({
        state: "closed",
        owner: "alice",
        request: next.request,
        outcome: ok,
      });
      expect(await store.close(next, ok)).toBe(false);
    });

    it("keeps the outputSchema given to open in the same step, as putSchema would", async () => {
      const store = await fresh();
      const schema = { type: "object", properties: { city: { type: "string" } } };
      const tool = { outputSchema: "e".repeat(64), timeoutSeconds: 30, maxAttempts: 1 };
      await store.open({ owner: "alice", request: request("r1"), tool }, { outputSchema: schema });
      expect(await store.getSchema("alice", "e".repeat(64))).toEqual(schema);
    });

    it("re-sends a call only from the attempt the caller expects, keeping its owner", async () => {
      const store = await fresh();
      const first = { owner: "alice", request: request("r1") };
      await store.open(first);
      const next = { owner: "alice", request: request("r1", { attempt: 2, expiresAt: Date.now() + 60_000 }) };
      expect(await Promise.all([store.reissue(next, 1), store.reissue(next, 1)])).toEqual(
        expect.arrayContaining([true, false]),
      );
      expect(await store.get("r1", "alice")).toEqual({ state: "open", ...next });
      // Another owner neither reads nor re-sends it.
      expect(await store.get("r1", "mallory")).toBeUndefined();
      expect(await store.reissue({ ...next, owner: "mallory", request: { ...next.request, attempt: 3 } }, 2)).toBe(
        false,
      );
      expect(await store.close(first, ok)).toBe(false);
      expect(await store.close(next, ok)).toBe(true);
      expect(await store.reissue({ owner: "alice", request: request("r1", { attempt: 3 }) }, 2)).toBe(false);
    });

    it("lists one owner's open calls oldest first, optionally of one conversation", async () => {
      const store = await fresh();
      await store.open({ owner: "alice", request: request("r1") });
      await store.open({ owner: "bob", request: request("r2") });
      await store.open({ owner: "alice", request: request("r3", { conversationId: "c2" }) });
      const r4 = { owner: "alice", request: request("r4") };
      await store.open(r4);
      await store.close(r4, ok);
      expect((await store.list({ owner: "alice" })).map((c) => c.request.requestId)).toEqual(["r1", "r3"]);
      expect((await store.list({ owner: "alice", conversationId: "c2" })).map((c) => c.request.requestId)).toEqual([
        "r3",
      ]);
      expect(await store.list({ owner: "carol" })).toEqual([]);
    });

    it("remembers an ended call for the retention period, then forgets it", async () => {
      const store = await fresh(300);
      const r1 = { owner: "alice", request: request("r1") };
      await store.open(r1);
      await store.close(r1, ok);
      expect((await store.get("r1", "alice"))?.state).toBe("closed");
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect(await store.get("r1", "alice")).toBeUndefined();
    });

    it("refuses to open a request id it already holds", async () => {
      const store = await fresh();
      await store.open({ owner: "alice", request: request("r1") });
      await expect(store.open({ owner: "alice", request: request("r1") })).rejects.toThrow(/Duplicate/);
    });

    it("tells each subscriber of each open, re-send and close, in order, until it unsubscribes", async () => {
      const store = await fresh();
      const heard: [string, string, number][] = [];
      const off = store.subscribe({
        requested: (call) => heard.push(["requested", call.request.requestId, call.request.attempt]),
        closed: (closed) => heard.push([closed.outcome.status, closed.request.requestId, closed.request.attempt]),
      });
      // A subscription may take a moment to be in place (a connection of its own).
      await new Promise((resolve) => setTimeout(resolve, 100));
      const r1 = request("r1");
      const r2 = { owner: "alice", request: request("r2") };
      await store.open({ owner: "alice", request: r1 });
      await store.open(r2);
      await store.reissue({ owner: "alice", request: { ...r1, attempt: 2 } }, 1);
      await store.close({ owner: "alice", request: { ...r1, attempt: 2 } }, ok);
      await eventually(() => heard.length === 4);
      off();
      await store.close(r2, ok);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual([
        ["requested", "r1", 1],
        ["requested", "r2", 1],
        ["requested", "r1", 2],
        ["ok", "r1", 2],
      ]);
    });

    it("tells a subscriber the whole call it heard of", async () => {
      const store = await fresh();
      const requested: PendingCall[] = [];
      const closed: ClosedCall[] = [];
      const off = store.subscribe({ requested: (call) => requested.push(call), closed: (call) => closed.push(call) });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const r1 = request("r1");
      const tool = { outputSchema: "f".repeat(64), timeoutSeconds: 30, maxAttempts: 2 };
      await store.open({ owner: "alice", request: r1, tool });
      await store.close({ owner: "alice", request: r1, tool }, ok);
      await eventually(() => closed.length === 1);
      off();
      expect(requested).toEqual([{ owner: "alice", request: r1, tool }]);
      expect(closed).toEqual([{ owner: "alice", request: r1, tool, outcome: ok }]);
    });

    it("finds a call by its owner, conversation and toolCallId, open or ended, and opens no second call of them", async () => {
      const store = await fresh();
      const r1 = request("r1", { toolCallId: "call_a" });
      const at = (conversationId: string, toolCallId: string, owner = "alice") => ({
        owner,
        conversationId,
        toolCallId,
      });
      await store.open({ owner: "alice", request: r1 });
      expect(await store.findByToolCall(at("c1", "call_a"))).toEqual({ state: "open", owner: "alice", request: r1 });
      await expect(
        store.open({ owner: "alice", request: request("r2", { toolCallId: "call_a" }) }),
      ).rejects.toBeInstanceOf(DuplicateToolCallError);
      // Another conversation may use the same toolCallId, and so may another owner: a call is one owner's.
      await store.open({ owner: "alice", request: request("r3", { toolCallId: "call_a", conversationId: "c2" }) });
      await store.open({ owner: "bob", request: request("r5", { toolCallId: "call_a" }) });
      expect((await store.findByToolCall(at("c1", "call_a", "bob")))?.request.requestId).toBe("r5");
      await store.close({ owner: "alice", request: r1 }, ok);
      expect(await store.findByToolCall(at("c1", "call_a"))).toEqual({
        state: "closed",
        owner: "alice",
        request: r1,
        outcome: ok,
      });
      expect(await store.findByToolCall(at("c1", "call_b"))).toBeUndefined();
      expect(await store.findByToolCall(at("c1", "call_a", "carol"))).toBeUndefined();
      expect((await store.findByToolCall(at("c2", "call_a")))?.request.requestId).toBe("r3");
    });

    it("forgets a toolCallId with its ended call", async () => {
      const store = await fresh(300);
      const address = { owner: "alice", conversationId: "c1", toolCallId: "call_a" };
      const r1 = { owner: "alice", request: request("r1", { toolCallId: "call_a" }) };
      await store.open(r1);
      await store.close(r1, ok);
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect(await store.findByToolCall(address)).toBeUndefined();
      await store.open({ owner: "alice", request: request("r2", { toolCallId: "call_a" }) });
      expect((await store.findByToolCall(address))?.request.requestId).toBe("r2");
    });

    it("keeps a call whole: its arguments, attempt and deadline as opened", async () => {
      const store = await fresh();
      const r1 = request("r1", {
        args: { nested: { list: [1, "two", null, true] }, text: 'quote " and \\u2028' },
        attempt: 3,
      });
      await store.open({ owner: "o/with:odd chars", request: r1 });
      expect(await store.get("r1", "o/with:odd chars")).toEqual({
        state: "open",
        owner: "o/with:odd chars",
        request: r1,
      });
      expect(
        (await store.list({ owner: "o/with:odd chars" })).map(({ owner, request }) => ({ owner, request })),
      ).toEqual([{ owner: "o/with:odd chars", request: r1 }]);
      expect(await store.get("nope", "o/with:odd chars")).toBeUndefined();
    });

    it("counts invalid answers to an open call of the owner's, for every caller, and none once it ended", async () => {
      const store = await fresh();
      const r1 = { owner: "alice", request: request("r1") };
      await store.open(r1);
      expect(await store.countInvalidAnswer?.("r1", "alice")).toBe(1);
      expect(await store.countInvalidAnswer?.("r1", "alice")).toBe(2);
      expect(await store.countInvalidAnswer?.("r1", "mallory")).toBe(0);
      expect(await store.countInvalidAnswer?.("nope", "alice")).toBe(0);
      expect(await store.close(r1, ok)).toBe(true);
      expect(await store.countInvalidAnswer?.("r1", "alice")).toBe(0);
      expect((await store.get("r1", "alice"))?.state).toBe("closed");
    });

    it("opens no call past the owner's limit of bytes in open calls, and counts only open ones", async () => {
      const store = await fresh();
      const limits = (bytes: number) => ({ maxOpenBytesPerOwner: 100, bytes });
      const r1 = { owner: "alice", request: request("r1") };
      await store.open(r1, limits(60));
      await expect(store.open({ owner: "alice", request: request("r2") }, limits(41))).rejects.toMatchObject({
        name: "OpenCallLimitError",
        owner: "alice",
        max: 100,
        limit: "maxOpenCallBytesPerOwner",
      });
      expect(await store.get("r2", "alice")).toBeUndefined();
      await store.open({ owner: "alice", request: request("r3") }, limits(40));
      await store.open({ owner: "bob", request: request("r4") }, limits(100));
      expect(await store.close(r1, ok)).toBe(true);
      await store.open({ owner: "alice", request: request("r2") }, limits(60));
      expect((await store.list({ owner: "alice" })).map((call) => call.request.requestId)).toEqual(["r3", "r2"]);
    });

    it("opens no call past the owner's limit of open calls, and counts only open ones", async () => {
      const store = await fresh();
      const limits = { maxOpenPerOwner: 2 };
      const r1 = { owner: "alice", request: request("r1") };
      await store.open(r1, limits);
      await store.open({ owner: "alice", request: request("r2") }, limits);
      await expect(store.open({ owner: "alice", request: request("r3") }, limits)).rejects.toMatchObject({
        name: "OpenCallLimitError",
        owner: "alice",
        max: 2,
      });
      expect(await store.get("r3", "alice")).toBeUndefined();
      await store.open({ owner: "bob", request: request("r4") }, limits);
      expect(await store.close(r1, ok)).toBe(true);
      await store.open({ owner: "alice", request: request("r3") }, limits);
      expect((await store.list({ owner: "alice" })).map((call) => call.request.requestId)).toEqual(["r2", "r3"]);
    });

    it("keeps what answering a call needs of its tool with the call, open, re-sent and ended", async () => {
      const store = await fresh();
      const tool = { outputSchema: "f".repeat(64), timeoutSeconds: 30, maxAttempts: 2 };
      const first = request("r1");
      const second = { ...first, attempt: 2 };
      await store.open({ owner: "alice", request: first, tool });
      expect(await store.get("r1", "alice")).toEqual({ state: "open", owner: "alice", request: first, tool });
      expect(await store.reissue({ owner: "alice", request: second, tool }, 1)).toBe(true);
      expect(await store.list({ owner: "alice" })).toEqual([{ owner: "alice", request: second, tool }]);
      expect(await store.close({ owner: "alice", request: second, tool }, ok)).toBe(true);
      expect(await store.findByToolCall({ owner: "alice", conversationId: "c1", toolCallId: "call_r1" })).toEqual({
        state: "closed",
        owner: "alice",
        request: second,
        tool,
        outcome: ok,
      });
    });

    it("keeps an outputSchema by fingerprint until the last deadline it was stored for, plus the retention period", async () => {
      const store = await fresh(200);
      const schema = {
        type: "object",
        properties: { city: { type: "string", pattern: "^\\p{L}+$" } },
        required: ["city"],
      };
      expect(await store.getSchema("alice", "fp1")).toBeUndefined();
      await store.putSchema("alice", "fp1", schema, Date.now() + 400);
      // Stored again for an earlier deadline: kept for the later one still.
      await store.putSchema("alice", "fp1", schema, Date.now());
      expect(await store.getSchema("alice", "fp1")).toEqual(schema);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await store.getSchema("alice", "fp1")).toEqual(schema);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await store.getSchema("alice", "fp1")).toBeUndefined();
    });
  });
}
