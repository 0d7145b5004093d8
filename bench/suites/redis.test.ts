import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveRedisServer } from "../../test-support/redis-server.js";
import { stallingRedis, unhandledRejections } from "../__fixtures__/stalling-redis.js";
import { TINY_PLAN } from "../__fixtures__/tiny-plan.js";
import type { Row } from "../results.js";
import { Workspace } from "../workspace.js";
import { redisStore } from "./redis.js";

// On a loaded machine a Redis command may take longer than the store waits for it. The
// benchmark must then send the dispatch or answer again, as a client told 503 does, and report
// it: never stop, and never leave a rejection unhandled.
describe.skipIf(!haveRedisServer())("the Redis benchmark when Redis stalls", () => {
  const redis = stallingRedis();
  let workspace: Workspace;
  beforeAll(() => void (workspace = new Workspace(1)));
  afterAll(() => workspace.dispose());

  it("sends its calls and answers again, and measures every row", { timeout: 120_000 }, async () => {
    let rows: Row[] = [];
    // Each of its three phases starts as Redis stalls.
    const unhandled = await unhandledRejections(async () => {
      rows = await redisStore.run({ plan: TINY_PLAN, workspace, log: redis.stall });
    });
    expect(await redis.stalled()).toBe(3);
    expect(unhandled).toEqual([]);
    expect(rows.map((r) => r.id)).toEqual([
      "redis.in-process.round-trip.median",
      "redis.in-process.round-trip.p99",
      "redis.in-process.throughput.3-brokers",
      "redis.bytes-per-open-call",
    ]);
    expect(rows[0]!.details["dispatches and answers sent again after a 503, in all rows"]).toBeGreaterThan(0);
    expect(rows[3]!.measured.median).toBeGreaterThan(0);
  });
});
