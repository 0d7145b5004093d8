import { createCluster } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import { type RedisClusterUnderTest, startRedisCluster } from "../../../../test-support/redis-cluster.js";
import { echoTools, type InstanceUnderTest, startInstance } from "../../../../test-support/redis-instances.js";
import { haveRedisServer } from "../../../../test-support/redis-server.js";
import type { ClientToolRequest } from "../../../wire/messages.js";
import { STORE_GRACE_MS } from "../../calls/lifecycle.js";

// Three masters without replicas, of the test's own; one is killed while calls are open. With
// Redis's default cluster-require-full-coverage the whole cluster refuses commands until it is back.
const haveRedis = haveRedisServer();
const CALLS = 24;
const ANSWERED = 8;
const OWNERS = 6;
const TIMEOUT_SECONDS = 3;

const tools = echoTools(TIMEOUT_SECONDS);

const address = (n: number) => ({ conversationId: "c1", owner: `user-${n % OWNERS}`, toolCallId: `call_${n}` });

describe.skipIf(!haveRedis)("a cluster master lost, without replicas", () => {
  let cluster: RedisClusterUnderTest;
  const instances: InstanceUnderTest[] = [];
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await cluster?.release();
  });

  it("answers 503 (never 500) to answers and listings while it is down, ends each waiting dispatch by its deadline and grace, and the store agrees with every dispatch once it is back", {
    timeout: 120_000,
  }, async () => {
    cluster = await startRedisCluster(3);
    for (let i = 0; i < 2; i++) {
      const client = createCluster({
        rootNodes: [{ url: `redis://127.0.0.1:${cluster.ports[i]}` }],
        defaults: { disableOfflineQueue: true },
      });
      await client.connect();
      instances.push(await startInstance(client, i === 0 ? tools : [], { keyPrefix: "lost:" }));
    }
    const [dispatcher, answerer] = instances as [InstanceUnderTest, InstanceUnderTest];
    const requests = new Map<number, ClientToolRequest>();
    answerer.broker.on("requested", ({ request }) => requests.set((request.args as { n: number }).n, request));
    const dispatched = Date.now();
    const outcomes = Array.from({ length: CALLS }, (_, n) =>
      dispatcher.broker.dispatch({ ...address(n), toolName: "echo", args: { n } }).then((outcome) => ({
        outcome,
        at: Date.now(),
      })),
    );
    while (requests.size < CALLS) await new Promise((resolve) => setTimeout(resolve, 20));
    const answer = (n: number) =>
      fetch(`${answerer.origin}/client-tools/${requests.get(n)!.requestId}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-owner": address(n).owner },
        body: JSON.stringify({ result: { n } }),
      }).then((response) => response.status);
    for (let n = 0; n < ANSWERED; n++) expect(await answer(n)).toBe(200);
    // Heard by the dispatcher before the node goes: a notice still on the cluster bus when its node
    // dies is lost, and that dispatch then ends as timeout while the store holds the answer.
    await Promise.all(outcomes.slice(0, ANSWERED));

    await cluster.kill(cluster.ports[2]!);
    const alive = cluster.ports.slice(0, 2);
    while (alive.some((port) => cluster.state(port) !== "fail"))
      await new Promise((resolve) => setTimeout(resolve, 50));
    const listings = await Promise.all(
      Array.from({ length: OWNERS }, (_, k) =>
        fetch(`${answerer.origin}/client-tools`, { headers: { "x-owner": `user-${k}` } }),
      ),
    );
    expect(listings.map((response) => response.status)).toEqual(Array.from({ length: OWNERS }, () => 503));
    expect(listings.every((response) => response.headers.get("retry-after") === "1")).toBe(true);
    const late = await Promise.all(Array.from({ length: CALLS - ANSWERED }, (_, i) => answer(ANSWERED + i)));
    expect(late).toEqual(late.map(() => 503));

    const ended = await Promise.all(outcomes);
    for (let n = 0; n < CALLS; n++) {
      expect(ended[n]!.outcome).toEqual(
        n < ANSWERED ? { status: "ok", result: { n } } : { status: "timeout", timeoutSeconds: TIMEOUT_SECONDS },
      );
      // The deadline, its grace, and one wait for the store (2 s) at most.
      expect(ended[n]!.at - dispatched).toBeLessThan(TIMEOUT_SECONDS * 1000 + STORE_GRACE_MS + 3_000);
    }

    // Back empty: the store is given the ends it lost or could not take, and agrees with every dispatch.
    await cluster.restart(cluster.ports[2]!);
    const agreed = async () => {
      for (const instance of instances)
        for (let n = 0; n < CALLS; n++)
          if (JSON.stringify(await instance.broker.outcome(address(n))) !== JSON.stringify(ended[n]!.outcome))
            return false;
      return true;
    };
    const back = Date.now();
    while (!(await agreed().catch(() => false))) {
      expect(Date.now() - back).toBeLessThan(20_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(instances.flatMap((instance) => instance.errors.map(String)).join("\n")).not.toMatch(/TypeError|500/);
  });
});
