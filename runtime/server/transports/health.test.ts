import { createClient } from "redis";
import { afterEach, describe, expect, it } from "vitest";
import { haveRedisServer, type RedisServerUnderTest, startRedisServer } from "../../../test-support/redis-server.js";
import { createTestBroker, specs } from "../__fixtures__/tools.js";
import { ClientCallBroker } from "../broker.js";
import { RedisPendingCallStore } from "../stores/redis/redis-store.js";
import { createClientToolsHandler } from "./http-handler.js";

// The readiness probe an orchestrator polls, without a login: ready while the store answers, 503
// within bounded time while it does not, ready again once it is back.

const probe = (handler: ReturnType<typeof createClientToolsHandler>) =>
  handler(new Request("http://app.test/client-tools/health"));

describe("GET /client-tools/health", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("answers 200 without asking who calls, says nothing more, and inspect() and health() give the oldest waiting call's age", async () => {
    const { broker } = createTestBroker();
    cleanups.push(() => broker.close());
    const handler = createClientToolsHandler(broker, { authenticate: () => undefined });
    const response = await probe(handler);
    expect([response.status, await response.json()]).toEqual([200, { status: "ready" }]);
    expect(await broker.health()).toEqual({ status: "ready", waiting: 0, oldestWaitingSince: null, lastSweep: null });
    const waitingFor = async (count: number) => {
      for (let tries = 0; tries < 100 && (await broker.health()).waiting < count; tries++)
        await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const before = Date.now();
    const call = (toolCallId: string) => ({
      owner: "alice",
      conversationId: "c1",
      toolName: "get_location",
      toolCallId,
      args: {},
    });
    void broker.dispatch(call("t1"));
    await waitingFor(1);
    const between = Date.now();
    void broker.dispatch(call("t2"));
    await waitingFor(2);
    const health = await broker.health();
    expect(health.waiting).toBe(2);
    expect(health.oldestWaitingSince).toBeGreaterThanOrEqual(before);
    expect(health.oldestWaitingSince).toBeLessThanOrEqual(between);
    expect((await broker.inspect({ owner: "alice" })).oldestWaitingSince).toBe(health.oldestWaitingSince);
    // Any other route still asks who calls.
    expect((await handler(new Request("http://app.test/client-tools"))).status).toBe(401);
  });

  it.skipIf(!haveRedisServer())(
    "answers 503 within bounded time while Redis is down, and 200 once it is back, with no report per probe",
    {
      timeout: 30_000,
    },
    async () => {
      const redis: RedisServerUnderTest = await startRedisServer(false);
      cleanups.push(() => redis.release());
      const client = createClient({
        url: `redis://127.0.0.1:${redis.port}`,
        disableOfflineQueue: true,
        socket: { reconnectStrategy: () => 50 },
      });
      await client.connect();
      const errors: unknown[] = [];
      const store = new RedisPendingCallStore(client, { keyPrefix: "health:", onError: (error) => errors.push(error) });
      const broker = new ClientCallBroker({ tools: specs, store, onError: (error) => errors.push(error) });
      cleanups.push(async () => {
        await broker.close();
        await store.disconnect();
        await client.close();
      });
      await store.ready();
      const handler = createClientToolsHandler(broker, { authenticate: () => undefined });
      expect((await probe(handler)).status).toBe(200);

      await redis.stop();
      cleanups.push(() => redis.start());
      const started = performance.now();
      const first = await probe(handler);
      expect([first.status, await first.json()]).toEqual([503, { status: "unavailable" }]);
      expect(first.headers.get("retry-after")).toBe("1");
      expect(performance.now() - started).toBeLessThan(3_000);
      // The store reports the outage (once a connection); the probes that follow add nothing.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const reports = errors.length;
      for (let round = 0; round < 3; round++) expect((await probe(handler)).status).toBe(503);
      expect(errors.length).toBe(reports);

      await redis.start();
      for (let tries = 0; tries < 100 && (await probe(handler)).status !== 200; tries++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await probe(handler)).status).toBe(200);
    },
  );
});
