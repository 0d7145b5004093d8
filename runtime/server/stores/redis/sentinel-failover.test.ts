import { createSentinel } from "redis";
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
import { type RedisSentinelUnderTest, startRedisSentinel } from "../../../../test-support/redis-sentinel.js";
import { haveRedisServer } from "../../../../test-support/redis-server.js";
import type { ClientCallOutcome } from "../../../wire/outcome.js";
import type { ClosedCall } from "../store.js";

// A master, one replica and three Sentinels of the test's own, set up as docs/deployment.md says
// (the master's min-replicas-to-write, the store's minReplicas); three instances behind HTTP, pages
// on SSE answering at their instance; `SENTINEL FAILOVER` while calls are dispatched and answered.
const haveRedis = haveRedisServer();
const CALLS = 200;
const OWNERS = 6;

const tools = echoTools(30);

describe.skipIf(!haveRedis)("a Sentinel failover in the middle of a run", () => {
  let sentinel: RedisSentinelUnderTest;
  const instances: InstanceUnderTest[] = [];
  const pages: PageUnderTest[] = [];
  afterAll(async () => {
    for (const page of pages) await page.stop();
    for (const instance of instances) await instance.close();
    await sentinel?.release();
  });

  it("gives every call one end, the one its dispatch returned, at every instance; no page is asked twice", {
    timeout: 120_000,
  }, async () => {
    sentinel = await startRedisSentinel({
      replicas: 1,
      sentinels: 3,
      serverArgs: ["--min-replicas-to-write", "1", "--min-replicas-max-lag", "10"],
    });
    const ended: ClosedCall[][] = [];
    for (let i = 0; i < 3; i++) {
      const client = createSentinel({
        name: sentinel.name,
        sentinelRootNodes: sentinel.ports.map((port) => ({ host: "127.0.0.1", port })),
        nodeClientOptions: { disableOfflineQueue: true },
      });
      await client.connect();
      const instance = await startInstance(client, tools, { keyPrefix: "failover:", minReplicas: 1 });
      const heard: ClosedCall[] = [];
      instance.broker.on("ended", (closed) => heard.push(closed));
      ended.push(heard);
      instances.push(instance);
    }
    for (let k = 0; k < OWNERS; k++) {
      const at = instances[k % 3]!;
      const owner = `user-${k}`;
      pages.push(
        await followAsPage(at.origin, owner, (request) => {
          const { n } = request.args as { n: number };
          // A person takes a moment: answers are in flight while the master changes.
          setTimeout(
            () => void postAnswer(at.origin, owner, request.requestId, { result: { n }, attempt: request.attempt }),
            Math.random() * 300,
          );
        }),
      );
    }

    // The agent loops, at every instance, through the outage.
    const dispatch = async (n: number): Promise<ClientCallOutcome> => {
      await new Promise((resolve) => setTimeout(resolve, n * 25));
      return dispatchThroughOutage(instances[(n + 1) % 3]!.broker, address(n, { toolName: "echo", args: { n } }));
    };
    const running = Promise.all(Array.from({ length: CALLS }, (_, n) => dispatch(n)));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = sentinel.masterPort();
    expect(await sentinel.failover()).not.toBe(before);
    const outcomes = await running;

    expect(outcomes).toEqual(Array.from({ length: CALLS }, (_, n) => ({ status: "ok", result: { n } })));
    for (const instance of instances)
      for (let n = 0; n < CALLS; n++) expect(await instance.broker.outcome(address(n))).toEqual(outcomes[n]);
    // Each instance heard each call end once, with that outcome.
    for (const heard of ended) {
      const ends = new Map<string, unknown[]>();
      for (const closed of heard)
        ends.set(closed.request.toolCallId, [...(ends.get(closed.request.toolCallId) ?? []), closed.outcome]);
      expect([...ends.keys()].sort()).toEqual(Array.from({ length: CALLS }, (_, n) => `call_${n}`).sort());
      for (const [toolCallId, seen] of ends) expect(seen).toEqual([outcomes[Number(toolCallId.slice(5))]]);
    }
    // Each page was sent each of its calls once.
    const asked = pages.flatMap((page) => page.requests.map((request) => request.toolCallId));
    expect(asked.sort()).toEqual(Array.from({ length: CALLS }, (_, n) => `call_${n}`).sort());
  });
});

function address<T extends object>(n: number, rest?: T) {
  return { conversationId: "c1", owner: `user-${n % OWNERS}`, toolCallId: `call_${n}`, ...rest } as {
    conversationId: string;
    owner: string;
    toolCallId: string;
  } & T;
}
