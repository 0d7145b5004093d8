import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "redis";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../../test-support/free-port.js";
import { parseClientToolSpecs } from "../../tool-spec/parse.js";
import { ClientCallBroker } from "../broker.js";
import { nextRequests } from "../__fixtures__/next-request.js";
import { RedisPendingCallStore } from "./redis-store.js";

// A redis-server of the test's own, killed and started again while calls are open: with its
// data on disk the calls go on; without, each ends at its deadline with a clear outcome.
const haveRedis = spawnSync("redis-server", ["--version"]).status === 0;
if (!haveRedis && process.env["CI"]) throw new Error("redis-server is missing: .ci/run installs the redis-server package");

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

  async function redisServer(persist: boolean): Promise<{ port: number; stop(): Promise<void>; start(): Promise<void> }> {
    const port = await freePort();
    const dir = mkdtempSync(path.join(tmpdir(), "gct-redis-"));
    const args = ["--bind", "127.0.0.1", "--port", String(port), "--dir", dir, "--save", "", ...(persist ? ["--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"])];
    let child: ChildProcess | undefined;
    const start = async () => {
      child = spawn("redis-server", args, { stdio: "ignore" });
      const probe = createClient({ url: `redis://127.0.0.1:${port}`, socket: { reconnectStrategy: () => 50 } });
      probe.on("error", () => {});
      await connectWhenUp(probe);
      while ((await probe.ping()) !== "PONG");
      await probe.close();
    };
    const stop = async () => {
      const dying = child;
      if (dying === undefined || dying.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        dying.on("exit", () => resolve());
        dying.kill("SIGKILL");
      });
    };
    await start();
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }), stop);
    return { port, stop, start };
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

/** Connects once the server listens (a first connection is not retried by the client). */
async function connectWhenUp(client: { connect(): Promise<unknown> }): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      await client.connect();
      return;
    } catch (error) {
      if (tries > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
