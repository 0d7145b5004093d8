import { createClient } from "redis";
import { afterEach, describe, expect, it } from "vitest";
import { haveRedisServer, startRedisServer, type RedisServerUnderTest } from "../../../test-support/redis-server.js";
import { parseClientToolSpecs } from "../../tool-spec/parse.js";
import { ClientCallBroker } from "../broker.js";
import { nextRequests } from "../__fixtures__/next-request.js";
import { RedisPendingCallStore } from "./redis-store.js";

// A redis-server of the test's own, killed and started again while calls are open: with its
// data on disk the calls go on; without, each ends at its deadline with a clear outcome.
const haveRedis = haveRedisServer();

const tools = parseClientToolSpecs([
  {
    name: "echo",
    description: "Answer with the number asked.",
    parameters: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
    outputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
    timeoutSeconds: 3,
  },
]);

describe.skipIf(!haveRedis)("a Redis restart with calls open", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function redisServer(persist: boolean): Promise<RedisServerUnderTest> {
    const redis = await startRedisServer(persist);
    cleanups.push(() => redis.release());
    return redis;
  }

  async function instance(port: number, known: typeof tools | []): Promise<{ broker: ClientCallBroker; connected: () => boolean }> {
    const client = createClient({ url: `redis://127.0.0.1:${port}`, socket: { reconnectStrategy: () => 50 } });
    client.on("error", () => {});
    await client.connect();
    const store = new RedisPendingCallStore(client, { keyPrefix: "restart:", closedRetentionMs: 5_000, onError: () => {} });
    const broker = new ClientCallBroker({ tools: known, store, onError: () => {} });
    cleanups.push(async () => {
      await broker.close();
      await store.disconnect();
      await client.close();
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { broker, connected: () => client.isReady };
  }

  it("goes on where Redis keeps its data: an answer sent while it is down waits for the reconnection and ends the call", async () => {
    const redis = await redisServer(true);
    const { broker: a } = await instance(redis.port, tools);
    const { broker: b, connected } = await instance(redis.port, []);
    const sent = nextRequests(a, 3);
    const outcomes = [0, 1, 2].map((n) => a.dispatch({ conversationId: "c1", owner: "alice", toolName: "echo", toolCallId: `call_${n}`, args: { n } }));
    const requests = await sent;

    await redis.stop();
    // Once the client knows the connection is gone (a command written before that fails at once, as in flight).
    while (connected()) await new Promise((resolve) => setTimeout(resolve, 10));
    const whileDown = b.submit({ requestId: requests[0]!.requestId, owner: "alice", result: { n: 0 } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await redis.start();
    await whileDown;
    await b.submit({ requestId: requests[1]!.requestId, owner: "alice", result: { n: 1 } });
    await b.submit({ requestId: requests[2]!.requestId, owner: "alice", result: { n: 2 } });
    await expect(Promise.all(outcomes)).resolves.toEqual([0, 1, 2].map((n) => ({ status: "ok", result: { n } })));
  });

  it("ends each call at its deadline as cancelled, saying the server lost it, where Redis comes back empty; answers then get 404", async () => {
    const redis = await redisServer(false);
    const { broker: a } = await instance(redis.port, tools);
    const { broker: b } = await instance(redis.port, []);
    const sent = nextRequests(a, 2);
    const outcomes = [0, 1].map((n) => a.dispatch({ conversationId: "c1", owner: "alice", toolName: "echo", toolCallId: `call_${n}`, args: { n } }));
    const requests = await sent;

    await redis.stop();
    await redis.start();
    await expect(b.submit({ requestId: requests[0]!.requestId, owner: "alice", result: { n: 0 } })).rejects.toMatchObject({ status: 404 });
    await expect(Promise.all(outcomes)).resolves.toEqual([
      { status: "cancelled", reason: "the server lost track of the call" },
      { status: "cancelled", reason: "the server lost track of the call" },
    ]);
  }, 20_000);
});
