import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "redis";
import { afterAll, beforeAll } from "vitest";
import { freePort } from "./free-port.js";

/** Whether `redis-server` can be run here; on CI it must (`.ci/run` installs it). */
export function haveRedisServer(): boolean {
  const found = spawnSync("redis-server", ["--version"]).status === 0;
  if (!found && process.env["CI"])
    throw new Error("redis-server is missing: .ci/run installs the redis-server package");
  return found;
}

/**
 * The suite's shared redis-server (`GCT_REDIS_URL`, which .ci/run sets), or undefined to skip the
 * tests that need it; on CI it must be set.
 */
export function suiteRedisUrl(): string | undefined {
  const url = process.env["GCT_REDIS_URL"];
  if (url === undefined && process.env["CI"])
    throw new Error("GCT_REDIS_URL is not set: .ci/run starts a redis-server and sets it");
  return url;
}

export interface RedisServerUnderTest {
  readonly port: number;
  /** Its working directory, where its dump and append-only files go. */
  readonly dir: string;
  /** Kills it (SIGKILL: nothing is saved on the way out). */
  stop(): Promise<void>;
  /** Stops it as an operator would, `redis-cli shutdown nosave`, and waits for it to exit. */
  shutdown(): Promise<void>;
  /** Starts it again; nothing when it is running. */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  release(): Promise<void>;
}

/**
 * A redis-server of the test's own on 127.0.0.1, started: `persist` keeps every write in an
 * append-only file (synced at once); `args` are further options.
 */
export async function startRedisServer(persist: boolean, args: readonly string[] = []): Promise<RedisServerUnderTest> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "gct-redis-"));
  const options = [
    "--bind",
    "127.0.0.1",
    "--port",
    String(port),
    "--dir",
    dir,
    "--save",
    "",
    ...(persist ? ["--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"]),
    ...args,
  ];
  let child: ChildProcess | undefined;
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const start = async () => {
    // A second process would fail to take the port and leave the first one unowned, outliving the test.
    if (running()) return;
    child = spawn("redis-server", options, { stdio: "ignore" });
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
  const shutdown = async () => {
    const stopping = child;
    if (stopping === undefined || stopping.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => stopping.on("exit", () => resolve()));
    spawnSync("redis-cli", ["-p", String(port), "shutdown", "nosave"], { stdio: "ignore" });
    await exited;
  };
  await start();
  return {
    port,
    dir,
    stop,
    shutdown,
    start,
    release: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

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

/**
 * A client of the suite's redis-server for the tests of the enclosing `describe`: connected before them, closed
 * after; read it inside a test.
 */
export function connectSuiteRedis(url: string): () => ReturnType<typeof createClient> {
  let client: ReturnType<typeof createClient> | undefined;
  beforeAll(async () => {
    client = createClient({ url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.close();
  });
  return () => client!;
}
