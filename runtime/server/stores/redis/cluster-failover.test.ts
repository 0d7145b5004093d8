import { createCluster } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import { type RedisClusterUnderTest, startRedisCluster } from "../../../../test-support/redis-cluster.js";
import {
  dispatchThroughOutage,
  echoTools,
  type InstanceUnderTest,
  postAnswer,
  startInstance,
} from "../../../../test-support/redis-instances.js";
import { haveRedisServer } from "../../../../test-support/redis-server.js";
import type { ClientToolRequest } from "../../../wire/messages.js";

// Three masters, each with a replica, set up as docs/deployment.md says (min-replicas-to-write on
// the nodes, minReplicas on the store); a master killed while answers are posted.
const haveRedis = haveRedisServer();
const CALLS = 60;
const OWNERS = 12;

const tools = echoTools(60);

const address = (n: number) => ({ conversationId: "c1", owner: `user-${n % OWNERS}`, toolCallId: `call_${n}` });

describe.skipIf(!haveRedis)("a cluster master failing over to its replica", () => {
  let cluster: RedisClusterUnderTest;
  const instances: InstanceUnderTest[] = [];
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await cluster?.release();
  });

  it("loses no acknowledged answer: each call answered with 200 ends ok, and the store agrees at every instance", {
    timeout: 120_000,
  }, async () => {
    cluster = await startRedisCluster(3, 1, ["--min-replicas-to-write", "1", "--min-replicas-max-lag", "10"]);
    for (let i = 0; i < 2; i++) {
      const client = createCluster({
        rootNodes: [{ url: `redis://127.0.0.1:${cluster.ports[i]}` }],
        defaults: { disableOfflineQueue: true },
      });
      await client.connect();
      instances.push(await startInstance(client, i === 0 ? tools : [], { keyPrefix: "failover:", minReplicas: 1 }));
    }
    const [dispatcher, answerer] = instances as [InstanceUnderTest, InstanceUnderTest];
    const requests = new Map<number, ClientToolRequest>();
    answerer.broker.on("requested", ({ request }) => requests.set((request.args as { n: number }).n, request));
    const outcomes = Array.from({ length: CALLS }, (_, n) =>
      dispatchThroughOutage(dispatcher.broker, { ...address(n), toolName: "echo", args: { n } }),
    );
    while (requests.size < CALLS) await new Promise((resolve) => setTimeout(resolve, 20));

    // The answers go out one every 50 ms; a master is killed a third of the way through.
    const lost = cluster.masterPorts()[0]!;
    const answered = Array.from({ length: CALLS }, async (_, n) => {
      await new Promise((resolve) => setTimeout(resolve, n * 50));
      return postAnswer(answerer.origin, address(n).owner, requests.get(n)!.requestId, { result: { n } });
    });
    await new Promise((resolve) => setTimeout(resolve, (CALLS / 3) * 50));
    await cluster.kill(lost);
    // Its replica takes over; back, the old master follows it, and the new one takes writes again.
    while (cluster.masterPorts().length < 3) await new Promise((resolve) => setTimeout(resolve, 100));
    await cluster.restart(lost);

    const statuses = await Promise.all(answered);
    const ended = await Promise.all(outcomes);
    for (let n = 0; n < CALLS; n++) {
      // 409: an answer sent again after a 503 whose first sending had been taken.
      expect([200, 409]).toContain(statuses[n]);
      expect(ended[n]).toEqual({ status: "ok", result: { n } });
      for (const instance of instances) expect(await instance.broker.outcome(address(n))).toEqual(ended[n]);
    }
  });
});
