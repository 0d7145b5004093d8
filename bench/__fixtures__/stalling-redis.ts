import { createClient } from "redis";
import { afterAll, beforeAll, vi } from "vitest";
import { type RedisServerUnderTest, startRedisServer } from "../../test-support/redis-server.js";

/** Longer than the store's command timeout (2,000 ms): every write sent meanwhile gets a 503. */
const STALL_MS = 3_000;

export interface StallingRedis {
  /** Redis stops taking writes (scripts included) for longer than the store waits for one. */
  stall(): void;
  /** Waits for the stalls asked for; how many there were. */
  stalled(): Promise<number>;
}

/**
 * A redis-server of the enclosing `describe`'s own, the benchmarks' `GCT_REDIS_URL` while its
 * tests run (child processes inherit it), with a client that stalls it as a loaded machine may.
 */
export function stallingRedis(): StallingRedis {
  let server: RedisServerUnderTest;
  let staller: ReturnType<typeof createClient>;
  const stalls: Promise<unknown>[] = [];
  beforeAll(async () => {
    server = await startRedisServer(false);
    const url = `redis://127.0.0.1:${server.port}`;
    vi.stubEnv("GCT_REDIS_URL", url);
    staller = createClient({ url });
    await staller.connect();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await staller.close();
    await server.release();
  });
  return {
    stall: () => void stalls.push(staller.sendCommand(["CLIENT", "PAUSE", String(STALL_MS), "WRITE"])),
    stalled: async () => (await Promise.all(stalls)).length,
  };
}

/** Collects the process's unhandled rejections while `run` runs, and a moment after. */
export async function unhandledRejections(run: () => Promise<void>): Promise<unknown[]> {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  process.on("unhandledRejection", onUnhandled);
  try {
    await run();
    // The last rejections of commands given up on come after the run.
    await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    process.off("unhandledRejection", onUnhandled);
  }
  return unhandled;
}
