import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "redis";
import { afterEach, describe, expect, it } from "vitest";
import { haveRedisServer, type RedisServerUnderTest, startRedisServer } from "../../../../test-support/redis-server.js";
import { parseClientToolSpecs } from "../../../tool-spec/parse.js";
import { nextRequests } from "../../__fixtures__/next-request.js";
import { ClientCallBroker } from "../../broker.js";
import { RedisPendingCallStore } from "./redis-store.js";

// A redis-server of the test's own, shut down (`redis-cli shutdown nosave`) and started again
// while calls are open: with its data on disk (AOF) the calls go on and each ends once; without,
// each awaited call ends as cancelled once Redis is back.
const haveRedis = haveRedisServer();
const here = path.dirname(fileURLToPath(import.meta.url));

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

  /**
   * One server instance with the README's Redis setup: a client made with `disableOfflineQueue`,
   * connected, and no `error` listener of its own (the store adds one).
   */
  async function instance(
    port: number,
    known: typeof tools | [],
  ): Promise<{ broker: ClientCallBroker; connected: () => boolean; errors: unknown[] }> {
    const client = createClient({
      url: `redis://127.0.0.1:${port}`,
      disableOfflineQueue: true,
      socket: { reconnectStrategy: () => 50 },
    });
    await client.connect();
    const errors: unknown[] = [];
    const store = new RedisPendingCallStore(client, {
      keyPrefix: "restart:",
      closedRetentionMs: 5_000,
      onError: (error) => errors.push(error),
    });
    const broker = new ClientCallBroker({ tools: known, store, onError: (error) => errors.push(error) });
    cleanups.push(async () => {
      await broker.close();
      await store.disconnect();
      await client.close();
    });
    await store.ready();
    return { broker, connected: () => client.isReady, errors };
  }

  /**
   * A dispatching instance in a process of its own, set up as the README says (no `error` listener of its own), with
   * one call open.
   */
  async function instanceProcess(port: number): Promise<ChildProcess> {
    const child = spawn(process.execPath, [path.join(here, "__fixtures__/dispatcher.mjs")], {
      cwd: here,
      env: {
        ...process.env,
        GCT_REDIS_URL: `redis://127.0.0.1:${port}`,
        KEY_PREFIX: "process:",
        TOOL: JSON.stringify({ ...tools[0]!, timeoutSeconds: 60 }),
        CALLS: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    cleanups.push(() => void child.kill("SIGKILL"));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("dispatched") && resolve());
      child.on("exit", (code) => reject(new Error(`the instance exited with ${code} before it dispatched`)));
    });
    return child;
  }

  it("goes on where Redis keeps its data: no instance exits, an answer while it is down gets 503 at once and is never applied; sent again once Redis is back, it ends the call", async () => {
    const redis = await redisServer(true);
    const processInstance = await instanceProcess(redis.port);
    const { broker: a } = await instance(redis.port, tools);
    const { broker: b, connected, errors } = await instance(redis.port, []);
    const sent = nextRequests(a, 3);
    const outcomes = [0, 1, 2].map((n) =>
      a.dispatch({ conversationId: "c1", owner: "alice", toolName: "echo", toolCallId: `call_${n}`, args: { n } }),
    );
    const requests = await sent;

    await redis.shutdown();
    // Once the client knows the connection is gone (a command written before that fails at once, as in flight).
    while (connected()) await new Promise((resolve) => setTimeout(resolve, 10));
    const asked = Date.now();
    await expect(
      b.submit({ requestId: requests[0]!.requestId, owner: "alice", result: { n: 7 } }),
    ).rejects.toMatchObject({ status: 503, name: "ClientCallStoreUnavailableError" });
    expect(Date.now() - asked).toBeLessThan(3_000);
    // The lost connection was reported, once, and nothing was thrown out of the process.
    expect(errors.length).toBeGreaterThan(0);
    await redis.start();
    while (!connected()) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The refused answer was not applied after the reconnection: the call is still open, and the retry ends it.
    expect((await b.pending({ owner: "alice" })).map((request) => request.requestId).sort()).toEqual(
      requests.map((request) => request.requestId).sort(),
    );
    for (const n of [0, 1, 2]) await b.submit({ requestId: requests[n]!.requestId, owner: "alice", result: { n } });
    await expect(Promise.all(outcomes)).resolves.toEqual([0, 1, 2].map((n) => ({ status: "ok", result: { n } })));
    // The instance in its own process lived through the outage, and its call is still open.
    expect(processInstance.exitCode).toBeNull();
    expect(processInstance.signalCode).toBeNull();
  }, 20_000);

  it("ends each awaited call as cancelled within 5 s of the reconnection where Redis comes back empty, saying so, and writes that end back: answers then get 409, and the outcome reads cancelled", async () => {
    const redis = await redisServer(false);
    const slow = parseClientToolSpecs([{ ...tools[0]!, timeoutSeconds: 60 }]);
    const { broker: a, connected, errors } = await instance(redis.port, slow);
    const { broker: b } = await instance(redis.port, []);
    const sent = nextRequests(a, 2);
    const outcomes = [0, 1].map((n) =>
      a.dispatch({ conversationId: "c1", owner: "alice", toolName: "echo", toolCallId: `call_${n}`, args: { n } }),
    );
    const requests = await sent;

    await redis.shutdown();
    while (connected()) await new Promise((resolve) => setTimeout(resolve, 10));
    await redis.start();
    while (!connected()) await new Promise((resolve) => setTimeout(resolve, 10));
    const back = Date.now();
    await expect(Promise.all(outcomes)).resolves.toEqual([
      { status: "cancelled", reason: "the store lost the call" },
      { status: "cancelled", reason: "the store lost the call" },
    ]);
    expect(Date.now() - back).toBeLessThan(5_000);
    expect(errors.map(String).join("\n")).toMatch(/no longer holds 2 open calls/);
    // The end is written back once the lost calls are counted, and then read at any instance.
    const lostOutcome = { status: "cancelled", reason: "the store lost the call" };
    for (const until = Date.now() + 5_000; Date.now() < until; ) {
      const read = await b.outcome({ owner: "alice", conversationId: "c1", toolCallId: "call_1" });
      if (JSON.stringify(read) === JSON.stringify(lostOutcome)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await b.outcome({ owner: "alice", conversationId: "c1", toolCallId: "call_0" })).toEqual(lostOutcome);
    await expect(
      b.submit({ requestId: requests[0]!.requestId, owner: "alice", result: { n: 0 } }),
    ).rejects.toMatchObject({ status: 409 });
  }, 20_000);
});
