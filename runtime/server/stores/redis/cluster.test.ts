import { createServer, type Server } from "node:http";
import { createCluster } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisClusterUnderTest, startRedisCluster } from "../../../../test-support/redis-cluster.js";
import { haveRedisServer } from "../../../../test-support/redis-server.js";
import { parseClientToolSpecs } from "../../../tool-spec/parse.js";
import type { ClientToolRequest } from "../../../wire/messages.js";
import { ClientCallBroker } from "../../broker.js";
import { createClientToolsHandler } from "../../transports/http-handler.js";
import { toNodeListener } from "../../transports/node-listener.js";
import { RedisPendingCallStore } from "./redis-store.js";

// A real three-master Redis Cluster the test starts: two instances, each with a cluster client
// of its own, one dispatching and the other taking the answers over HTTP.
const haveRedis = haveRedisServer();
const CALLS = 500;
const OWNERS = 50;

const tools = parseClientToolSpecs([
  {
    name: "echo",
    description: "Answer with the number asked.",
    parameters: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
    outputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
    timeoutSeconds: 60,
  },
]);

describe.skipIf(!haveRedis)("a three-master Redis Cluster", () => {
  let cluster: RedisClusterUnderTest;
  const cleanups: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    cluster = await startRedisCluster(3);
  }, 30_000);
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await cluster?.release();
  });

  async function instance(
    known: typeof tools | [],
  ): Promise<{ broker: ClientCallBroker; port: number; errors: unknown[] }> {
    // The README's setup, for a cluster: the official client's createCluster, connected.
    const client = createCluster({
      rootNodes: [{ url: `redis://127.0.0.1:${cluster.ports[0]}` }],
      defaults: { disableOfflineQueue: true },
    });
    await client.connect();
    const errors: unknown[] = [];
    const store = new RedisPendingCallStore(client, { keyPrefix: "cluster:", onError: (error) => errors.push(error) });
    const broker = new ClientCallBroker({ tools: known, store, onError: (error) => errors.push(error) });
    const server: Server = createServer(
      toNodeListener(
        createClientToolsHandler(broker, { authenticate: (request) => request.headers.get("x-owner") ?? undefined }),
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(async () => {
      await new Promise((resolve) => server.close(resolve));
      await broker.close();
      await store.disconnect();
      await client.close();
    });
    await store.ready();
    const address = server.address();
    return { broker, port: typeof address === "object" && address !== null ? address.port : 0, errors };
  }

  it("carries 500 calls dispatched at one instance and answered at the other over HTTP: each ends once with its own result, and the calls' keys sit on every master", async () => {
    const dispatcher = await instance(tools);
    const answerer = await instance([]);
    const settled: string[] = [];
    dispatcher.broker.on("settled", (closed) => settled.push(closed.request.requestId));
    // The answering instance hears of each call as the owner's client would, and answers it over HTTP.
    const answered: Promise<number>[] = [];
    answerer.broker.on("requested", (call) => {
      const request: ClientToolRequest = call.request;
      answered.push(
        fetch(`http://127.0.0.1:${answerer.port}/client-tools/${request.requestId}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-owner": call.owner },
          body: JSON.stringify({ result: { n: (request.args as { n: number }).n }, attempt: request.attempt }),
        }).then((response) => response.status),
      );
    });
    const outcomes = await Promise.all(
      Array.from({ length: CALLS }, (_, n) =>
        dispatcher.broker.dispatch({
          conversationId: `c${n % 7}`,
          owner: `user-${n % OWNERS}`,
          toolName: "echo",
          toolCallId: `call_${n}`,
          args: { n },
        }),
      ),
    );
    expect(outcomes).toEqual(Array.from({ length: CALLS }, (_, n) => ({ status: "ok", result: { n } })));
    expect(await Promise.all(answered)).toEqual(Array.from({ length: CALLS }, () => 200));
    expect(settled).toHaveLength(CALLS);
    expect(new Set(settled).size).toBe(CALLS);
    // Ended calls are kept for the retention period: their keys are spread over the masters.
    const callsPerMaster = cluster.ports.map((port) => cluster.keysOn(port, "cluster:{p*}call:*").length);
    expect(callsPerMaster.reduce((a, b) => a + b)).toBe(CALLS);
    expect(callsPerMaster.filter((count) => count > 0).length).toBeGreaterThanOrEqual(2);
    // An outcome is read at the other instance, and a dispatch again there attaches to it.
    expect(await answerer.broker.outcome({ owner: "user-3", conversationId: "c3", toolCallId: "call_3" })).toEqual({
      status: "ok",
      result: { n: 3 },
    });
    expect(dispatcher.errors).toEqual([]);
    expect(answerer.errors).toEqual([]);
  }, 60_000);
});
