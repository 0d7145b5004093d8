import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { connectSuiteRedis, suiteRedisUrl } from "../../../../test-support/redis-server.js";
import { describeBrokersSharingStore } from "../../../../test-support/shared-brokers.js";
import { describeStoreContract } from "../../../../test-support/store-conformance.js";
import { nextRequest } from "../../__fixtures__/next-request.js";
import { specs } from "../../__fixtures__/tools.js";
import { ClientCallBroker } from "../../broker.js";
import { RedisPendingCallStore } from "./redis-store.js";

// A real redis-server: `.ci/run` starts one and sets GCT_REDIS_URL. Without it, say so.
const url = suiteRedisUrl();
if (url === undefined)
  console.warn(
    "GCT_REDIS_URL is not set: the Redis store's tests are skipped (.ci/run starts a redis-server and sets it).",
  );

describe.skipIf(url === undefined)("RedisPendingCallStore, against a real redis-server", () => {
  const redis = connectSuiteRedis(url!);

  describeStoreContract("RedisPendingCallStore", async (closedRetentionMs) => {
    const store = new RedisPendingCallStore(redis(), { keyPrefix: `test:${randomUUID()}:`, closedRetentionMs });
    return { store, release: () => store.disconnect() };
  });

  // Each instance has a store of its own on the one Redis, under one key prefix.
  const prefixes = new WeakMap<object, string>();
  describeBrokersSharingStore(
    "RedisPendingCallStore",
    async () => {
      const keyPrefix = `test:${randomUUID()}:`;
      const store = new RedisPendingCallStore(redis(), { keyPrefix });
      prefixes.set(store, keyPrefix);
      return { store, release: () => store.disconnect() };
    },
    async (first) => {
      const store = new RedisPendingCallStore(redis(), { keyPrefix: prefixes.get(first)! });
      return { store, release: () => store.disconnect() };
    },
  );

  it("lets a broker on one instance take an answer that another instance's broker dispatched, and leaves no key once retention has passed", async () => {
    const keyPrefix = `test:${randomUUID()}:`;
    const stores = [
      new RedisPendingCallStore(redis(), { keyPrefix, closedRetentionMs: 300 }),
      new RedisPendingCallStore(redis(), { keyPrefix, closedRetentionMs: 300 }),
    ];
    const [a, b] = stores.map((store) => new ClientCallBroker({ tools: specs, store }));
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const sent = nextRequest(a!);
      const outcome = a!.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "get_location",
        toolCallId: "call_1",
        args: {},
      });
      const request = await sent;
      expect((await b!.pending({ owner: "alice" })).map((r) => r.requestId)).toEqual([request.requestId]);
      await expect(
        b!.submit({ requestId: request.requestId, owner: "mallory", result: { city: "Lyon" } }),
      ).rejects.toMatchObject({ status: 404 });
      await b!.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } });
      await expect(outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
      await expect(
        b!.submit({ requestId: request.requestId, owner: "alice", result: { city: "Paris" } }),
      ).rejects.toMatchObject({ status: 409 });
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect(await redis().keys(`${keyPrefix}*call:*`)).toEqual([]);
    } finally {
      await Promise.all([a!.close(), b!.close()]);
      await Promise.all(stores.map((store) => store.disconnect()));
    }
  });

  it("hands each expired open call to one claimer a lease, from every part, and none that ended", async () => {
    const keyPrefix = `test:${randomUUID()}:`;
    const store = new RedisPendingCallStore(redis(), { keyPrefix, parts: 4 });
    const past = Date.now() - 1;
    // Owners enough to fill several parts; one call ends before its deadline is swept.
    const calls = Array.from({ length: 12 }, (_, n) => ({
      owner: `owner-${n}`,
      request: {
        requestId: `r${n}`,
        conversationId: "c1",
        toolName: "echo",
        toolCallId: `call_${n}`,
        args: {},
        attempt: 1,
        expiresAt: past,
      },
    }));
    for (const call of calls) await store.open(call);
    await store.close(calls[0]!, { status: "ok", result: {} });
    const now = Date.now();
    const claimed = await store.claimExpired(now, 100, 5_000);
    expect(claimed.map((call) => call.request.requestId).sort()).toEqual(
      calls
        .slice(1)
        .map((call) => call.request.requestId)
        .sort(),
    );
    expect(claimed.find((call) => call.request.requestId === "r5")).toEqual(calls[5]);
    // Claimed: no one else is given them within the lease, and they are given again after it.
    expect(await store.claimExpired(now + 4_999, 100, 5_000)).toEqual([]);
    expect(await store.claimExpired(now + 5_000, 100, 5_000)).toHaveLength(11);
    // An owner's keys all sit in the owner's part (one hash tag), and the owners fill more than one part.
    const tags = new Set(
      (await redis().keys(`${keyPrefix}*owner:owner-*`)).map((key) => /^[^{]*\{p(\d+)\}/.exec(key)?.[1]),
    );
    expect(tags.has(undefined)).toBe(false);
    expect(tags.size).toBeGreaterThan(1);
    await store.disconnect();
  });

  it("drops every message on its channel that is not its own, says so once, and goes on: a call made right after the brokers start settles at the other instance", async () => {
    const keyPrefix = `test:${randomUUID()}:`;
    const errors: unknown[] = [];
    const stores = [0, 1].map(
      () => new RedisPendingCallStore(redis(), { keyPrefix, onError: (error) => errors.push(error) }),
    );
    const [a, b] = stores.map((store) => new ClientCallBroker({ tools: specs, store }));
    try {
      // No pause: the broker waits for its store's subscription before the first call.
      const garbage = [
        "null",
        "42",
        '"text"',
        "{",
        "[]",
        "{}",
        '{"closed":null}',
        '{"requested":{"request":5}}',
        '{"closed":{"request":{"requestId":1}}}',
      ];
      await stores[1]!.ready();
      for (const message of garbage) await redis().sendCommand(["PUBLISH", `${keyPrefix}calls`, message]);
      const sent = nextRequest(a!);
      const started = Date.now();
      const outcome = a!.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "get_location",
        toolCallId: "call_1",
        args: {},
      });
      const request = await sent;
      await b!.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } });
      await expect(outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
      expect(Date.now() - started).toBeLessThan(1000);
      // Each store heard the garbage, dropped it, and said so once.
      for (const store of stores) expect(store.droppedNotices).toBe(garbage.length);
      expect(errors).toHaveLength(2);
      expect(String(errors[0])).toMatch(/not one of the store's own/);
    } finally {
      await Promise.all([a!.close(), b!.close()]);
      await Promise.all(stores.map((store) => store.disconnect()));
    }
  });
});
