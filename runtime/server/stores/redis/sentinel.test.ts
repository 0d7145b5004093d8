import { createSentinel } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisSentinelUnderTest, startRedisSentinel } from "../../../../test-support/redis-sentinel.js";
import { haveRedisServer } from "../../../../test-support/redis-server.js";
import { parseClientToolSpecs } from "../../../tool-spec/parse.js";
import { ClientCallBroker } from "../../broker.js";
import { RedisPendingCallStore } from "./redis-store.js";

// A redis-server behind a Sentinel the test starts: the store takes the official Sentinel client as it is.
const haveRedis = haveRedisServer();
const CALLS = 50;

const tools = parseClientToolSpecs([
  {
    name: "echo",
    description: "Answer with the number asked.",
    parameters: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
    outputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
  },
]);

describe.skipIf(!haveRedis)("Redis through Sentinel", () => {
  let sentinel: RedisSentinelUnderTest;
  const cleanups: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    sentinel = await startRedisSentinel();
  }, 30_000);
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await sentinel?.release();
  });

  async function instance(known: typeof tools | []): Promise<{ broker: ClientCallBroker; errors: unknown[] }> {
    const client = createSentinel({
      name: sentinel.name,
      sentinelRootNodes: [{ host: "127.0.0.1", port: sentinel.port }],
      nodeClientOptions: { disableOfflineQueue: true },
    });
    await client.connect();
    const errors: unknown[] = [];
    const store = new RedisPendingCallStore(client, { keyPrefix: "sentinel:", onError: (error) => errors.push(error) });
    const broker = new ClientCallBroker({ tools: known, store, onError: (error) => errors.push(error) });
    cleanups.push(async () => {
      await broker.close();
      await store.disconnect();
      await client.close();
    });
    await store.ready();
    return { broker, errors };
  }

  it("carries calls dispatched at one instance and answered at another, each ended once with its own result", async () => {
    const dispatcher = await instance(tools);
    const answerer = await instance([]);
    answerer.broker.on(
      "requested",
      ({ owner, request }) =>
        void answerer.broker.submit({
          requestId: request.requestId,
          owner,
          result: { n: (request.args as { n: number }).n },
        }),
    );
    const outcomes = await Promise.all(
      Array.from({ length: CALLS }, (_, n) =>
        dispatcher.broker.dispatch({
          conversationId: "c1",
          owner: `user-${n % 5}`,
          toolName: "echo",
          toolCallId: `call_${n}`,
          args: { n },
        }),
      ),
    );
    expect(outcomes).toEqual(Array.from({ length: CALLS }, (_, n) => ({ status: "ok", result: { n } })));
    expect(await answerer.broker.outcome({ owner: "user-2", conversationId: "c1", toolCallId: "call_7" })).toEqual({
      status: "ok",
      result: { n: 7 },
    });
    expect([...dispatcher.errors, ...answerer.errors]).toEqual([]);
  }, 30_000);
});
