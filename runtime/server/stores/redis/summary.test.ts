import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { connectSuiteRedis, suiteRedisUrl } from "../../../../test-support/redis-server.js";
import { specs } from "../../__fixtures__/tools.js";
import { ClientCallBroker } from "../../broker.js";
import { RedisPendingCallStore } from "./redis-store.js";

// The fleet view: three brokers on one real redis-server, each reporting itself after its sweeps.
const url = suiteRedisUrl();

describe.skipIf(url === undefined)("broker.summary on a store shared by instances", () => {
  const redis = connectSuiteRedis(url!);

  it("lists every instance with what it waits for, and every owner's open calls, at any instance", async () => {
    const keyPrefix = `test:${randomUUID()}:`;
    const stores = ["web-1", "web-2", "web-3"].map(() => new RedisPendingCallStore(redis(), { keyPrefix }));
    const brokers = stores.map(
      (store, i) => new ClientCallBroker({ tools: specs, store, instanceId: `web-${i + 1}`, sweepIntervalMs: 50 }),
    );
    try {
      const dispatch = (broker: ClientCallBroker, owner: string, n: number) =>
        void broker.dispatch({
          conversationId: "c",
          owner,
          toolName: "get_location",
          toolCallId: `call_${n}`,
          args: {},
        });
      for (let n = 0; n < 3; n++) dispatch(brokers[0]!, "alice", n);
      dispatch(brokers[1]!, "bob", 3);
      const waitingOf = async () => {
        const summary = await brokers[2]!.summary();
        return { open: summary.open, waiting: summary.instances.map((i) => [i.instanceId, i.waiting]) };
      };
      // This instance comes first, as it is now; the others as they last reported.
      await expect.poll(waitingOf, { timeout: 5000 }).toEqual({
        open: 4,
        waiting: [
          ["web-3", 0],
          ["web-1", 3],
          ["web-2", 1],
        ],
      });
      const summary = await brokers[2]!.summary();
      expect(summary).toMatchObject({ overdue: 0, store: "ok" });
      expect(summary.instances[1]).toMatchObject({ lastSweep: { ok: true }, oldestWaitingSince: expect.any(Number) });
    } finally {
      await Promise.all(brokers.map((broker) => broker.close()));
      await Promise.all(stores.map((store) => store.disconnect()));
    }
  });
});
