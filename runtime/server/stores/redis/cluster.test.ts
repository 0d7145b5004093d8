import { createServer, type Server } from "node:http";
import { createCluster } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StoreRetries } from "../../../../bench/store-retries.js";
import { type RedisClusterUnderTest, startRedisCluster } from "../../../../test-support/redis-cluster.js";
import { haveRedisServer } from "../../../../test-support/redis-server.js";
import { parseClientToolSpecs } from "../../../tool-spec/parse.js";
import { ClientCallStoreUnavailableError } from "../../../wire/errors.js";
import type { ClientToolRequest } from "../../../wire/messages.js";
import { ClientCallBroker } from "../../broker.js";
import { createClientToolsHandler } from "../../transports/http-handler.js";
import { toNodeListener } from "../../transports/node-listener.js";
import { RedisPendingCallStore } from "./redis-store.js";

// A real three-master Redis Cluster the test starts: two instances, each with a cluster client
// of its own, one dispatching and the other taking the answers over HTTP. A Redis command that
// takes longer than the store waits (a loaded machine) is a 503: the dispatch or answer is sent
// again, as the README tells servers and pages to.
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
    // The answering instance hears of each call as the owner's client would, and answers it over
    // HTTP: the last status of each answer, which is 200, or 409 after a 503 (taken all the same).
    const answered: Promise<number>[] = [];
    const answer = async (owner: string, request: ClientToolRequest): Promise<number> => {
      const body = JSON.stringify({ result: { n: (request.args as { n: number }).n }, attempt: request.attempt });
      let status = 503;
      for (let tries = 0; status === 503 && tries < 20; tries++) {
        if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 250));
        const response = await fetch(`http://127.0.0.1:${answerer.port}/client-tools/${request.requestId}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-owner": owner },
          body,
        });
        await response.arrayBuffer();
        status = response.status === 409 && tries > 0 ? 200 : response.status;
      }
      return status;
    };
    answerer.broker.on("requested", (call) => answered.push(answer(call.owner, call.request)));
    const retries = new StoreRetries();
    const outcomes = await Promise.all(
      Array.from({ length: CALLS }, (_, n) =>
        retries.run(() =>
          dispatcher.broker.dispatch({
            conversationId: `c${n % 7}`,
            owner: `user-${n % OWNERS}`,
            toolName: "echo",
            toolCallId: `call_${n}`,
            args: { n },
          }),
        ),
      ),
    );
    expect(outcomes).toEqual(Array.from({ length: CALLS }, (_, n) => ({ status: "ok", result: { n } })));
    expect(await Promise.all(answered)).toEqual(Array.from({ length: CALLS }, () => 200));
    // Once per call whose dispatch waited for its end; a dispatch sent again after a 503 may find
    // its call ended already (its first one applied after all), and returns that outcome at once.
    expect(settled.length).toBeGreaterThanOrEqual(CALLS - retries.count);
    expect(new Set(settled).size).toBe(settled.length);
    // Ended calls are kept for the retention period: their keys are spread over the masters.
    const callsPerMaster = cluster.ports.map((port) => cluster.keysOn(port, "cluster:{p*}call:*").length);
    expect(callsPerMaster.reduce((a, b) => a + b)).toBe(CALLS);
    expect(callsPerMaster.filter((count) => count > 0).length).toBeGreaterThanOrEqual(2);
    // An outcome is read at the other instance, and a dispatch again there attaches to it.
    const read = () => answerer.broker.outcome({ owner: "user-3", conversationId: "c3", toolCallId: "call_3" });
    expect(await retries.run(read)).toEqual({
      status: "ok",
      result: { n: 3 },
    });
    // Nothing went wrong but, on a loaded machine, the store's waits.
    const unexpected = (errors: unknown[]) =>
      errors.filter((error) => !(error instanceof ClientCallStoreUnavailableError));
    expect(unexpected(dispatcher.errors)).toEqual([]);
    expect(unexpected(answerer.errors)).toEqual([]);
  }, 60_000);
});
