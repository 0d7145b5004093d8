import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveRedisServer } from "../../test-support/redis-server.js";
import { stallingRedis, unhandledRejections } from "../__fixtures__/stalling-redis.js";
import { TINY_PLAN } from "../__fixtures__/tiny-plan.js";
import { builtBenchScript } from "../paths.js";
import type { Row } from "../results.js";
import { Workspace } from "../workspace.js";
import { deployment } from "./deployment.js";

// The instance processes run the built dist/bench (npm test builds first). A sample that starts
// as Redis stalls gets 503s: at the dispatching instance, and at the instances the clients answer.
describe.skipIf(!haveRedisServer())("the deployment benchmark when Redis stalls", () => {
  const redis = stallingRedis();
  let workspace: Workspace;
  beforeAll(() => {
    if (!existsSync(builtBenchScript("deploy/instance.js"))) throw new Error("run `npm run build` before these tests");
    workspace = new Workspace(1);
  });
  afterAll(() => workspace.dispose());

  it("sends dispatches and answers again, and measures every row", { timeout: 120_000 }, async () => {
    let rows: Row[] = [];
    const unhandled = await unhandledRejections(async () => {
      rows = await deployment.run({ plan: TINY_PLAN, workspace, log: redis.stall });
    });
    expect(await redis.stalled()).toBe(1);
    expect(unhandled).toEqual([]);
    expect(rows.map((r) => r.id)).toContain("deploy.redis.3-processes.calls-per-second");
    expect(rows[0]!.details["dispatches sent again after a 503, in all samples"]).toBeGreaterThan(0);
  });
});
