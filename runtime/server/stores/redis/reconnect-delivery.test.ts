import { createClient } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import {
  dispatchThroughOutage,
  echoTools,
  followAsPage,
  type InstanceUnderTest,
  type PageUnderTest,
  postAnswer,
  startInstance,
} from "../../../../test-support/redis-instances.js";
import { haveRedisServer, type RedisServerUnderTest, startRedisServer } from "../../../../test-support/redis-server.js";
import type { ClientCallOutcome } from "../../../wire/outcome.js";

// Pages on SSE at two instances, a redis-server of the test's own restarted empty, and calls
// dispatched while the instances' connections come back: the notices of those calls may be
// published before a subscription is back, and each must still reach its page.
const haveRedis = haveRedisServer();
const CALLS = 20;

const tools = echoTools(20);

describe.skipIf(!haveRedis)("calls dispatched while the store reconnects", () => {
  let redis: RedisServerUnderTest;
  const instances: InstanceUnderTest[] = [];
  const pages: PageUnderTest[] = [];
  afterAll(async () => {
    for (const page of pages) await page.stop();
    for (const instance of instances) await instance.close();
    await redis?.release();
  });

  it("are each delivered to the page and end ok, after Redis restarts empty", { timeout: 60_000 }, async () => {
    redis = await startRedisServer(false);
    for (let i = 0; i < 2; i++) {
      // The README's client: its own reconnection delays (backing off, with jitter), so that the
      // commands' connection and the subscription come back at different moments.
      const client = createClient({ url: `redis://127.0.0.1:${redis.port}`, disableOfflineQueue: true });
      await client.connect();
      instances.push(await startInstance(client, tools, { keyPrefix: "reconnect:" }));
    }
    const [a, b] = instances as [InstanceUnderTest, InstanceUnderTest];
    // alice's page is at A, bob's at B; each answers at its own instance.
    for (const [instance, owner] of [
      [a, "alice"],
      [b, "bob"],
    ] as const) {
      pages.push(
        await followAsPage(instance.origin, owner, (request) => {
          const { n } = request.args as { n: number };
          void postAnswer(instance.origin, owner, request.requestId, { result: { n }, attempt: request.attempt });
        }),
      );
    }

    await redis.shutdown();
    // Down long enough for the clients' delays to grow apart.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await redis.start();
    // The agent loop's dispatches, at both instances, from the moment Redis listens again; one the
    // store refuses while the connection comes back is dispatched again, as an agent loop would.
    const dispatch = (n: number): Promise<ClientCallOutcome> =>
      dispatchThroughOutage(n % 2 === 0 ? a.broker : b.broker, {
        conversationId: "c1",
        owner: n % 4 < 2 ? "alice" : "bob",
        toolName: "echo",
        toolCallId: `call_${n}`,
        args: { n },
      });
    const outcomes = await Promise.all(Array.from({ length: CALLS }, (_, n) => dispatch(n)));
    expect(outcomes).toEqual(Array.from({ length: CALLS }, (_, n) => ({ status: "ok", result: { n } })));
    // Each call reached its owner's page once.
    const delivered = pages.flatMap((page) => page.requests.map((request) => request.toolCallId)).sort();
    expect(delivered).toEqual(Array.from({ length: CALLS }, (_, n) => `call_${n}`).sort());
  });
});
