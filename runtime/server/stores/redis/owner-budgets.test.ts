import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { connectSuiteRedis, suiteRedisUrl } from "../../../../test-support/redis-server.js";
import { ClientToolLimitError } from "../../../registry/errors.js";
import { ClientToolRegistry } from "../../../registry/server-registry.js";
import { specs } from "../../__fixtures__/tools.js";
import { ClientCallBroker } from "../../broker.js";
import { RedisPendingCallStore } from "./redis-store.js";

// An owner's budgets hold across instances: two brokers on one real redis-server.
const url = suiteRedisUrl();

const tool = (name: string) => ({ name, description: "A tool.", parameters: { type: "object", properties: {} } });

describe.skipIf(url === undefined)("an owner's budgets across instances on one Redis", () => {
  const redis = connectSuiteRedis(url!);

  it("refuses the 1,001st conversation at the other instance with 429, counts a conversation once, and frees a dropped one's place", async () => {
    const keyPrefix = `test:${randomUUID()}:`;
    const stores = [
      new RedisPendingCallStore(redis(), { keyPrefix }),
      new RedisPendingCallStore(redis(), { keyPrefix }),
    ];
    const [a, b] = stores.map((store) => new ClientToolRegistry({ sharedBudget: store }));
    try {
      for (let n = 0; n < 1000; n++) await a!.registerInScope(`c${n}`, "mallory", [tool(`t${n}`)]);
      const refused = await b!.registerInScope("c1000", "mallory", [tool("t1000")]).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ClientToolLimitError);
      expect(refused).toMatchObject({ status: 429, limit: "maxConversationsPerOwner", max: 1000 });
      expect(b!.forConversation("c1000").list()).toEqual([]);
      // A conversation another instance counted registers again here; another owner is not refused.
      await b!.registerInScope("c7", "mallory", [tool("t7")]);
      await b!.registerInScope("c0", "trent", [tool("t0")]);
      a!.dropScope("c3");
      await expect
        .poll(() =>
          b!.registerInScope("c1000", "mallory", [tool("t1000")]).then(
            () => true,
            () => false,
          ),
        )
        .toBe(true);
      expect(
        b!
          .forConversation("c1000")
          .list()
          .map((t) => t.name),
      ).toEqual(["t1000"]);
    } finally {
      await Promise.all(stores.map((store) => store.disconnect()));
    }
  }, 60_000);

  it("lets a conversation's count lapse after sharedBudgetHoldMs, should no instance drop it", async () => {
    const keyPrefix = `test:${randomUUID()}:`;
    const store = new RedisPendingCallStore(redis(), { keyPrefix });
    const options = { sharedBudget: store, sharedBudgetHoldMs: 300, limits: { maxConversationsPerOwner: 1 } };
    const [a, b] = [new ClientToolRegistry(options), new ClientToolRegistry(options)];
    try {
      await a.registerInScope("c1", "mallory", [tool("one")]);
      await expect(b.registerInScope("c2", "mallory", [tool("two")])).rejects.toMatchObject({ status: 429 });
      await new Promise((resolve) => setTimeout(resolve, 400));
      await b.registerInScope("c2", "mallory", [tool("two")]);
      expect(
        b
          .forConversation("c2")
          .list()
          .map((t) => t.name),
      ).toEqual(["two"]);
    } finally {
      await store.disconnect();
    }
  });

  it("refuses the dispatches past the open-call cap at the other instance as denied, at once", async () => {
    const keyPrefix = `test:${randomUUID()}:`;
    const stores = [
      new RedisPendingCallStore(redis(), { keyPrefix }),
      new RedisPendingCallStore(redis(), { keyPrefix }),
    ];
    const [a, b] = stores.map((store) => new ClientCallBroker({ tools: specs, store }));
    try {
      const dispatch = (broker: ClientCallBroker, n: number) =>
        broker.dispatch({
          conversationId: "c",
          owner: "mallory",
          toolName: "get_location",
          toolCallId: `call_${n}`,
          args: {},
        });
      const open = Array.from({ length: 1000 }, (_, n) => dispatch(a!, n));
      await expect
        .poll(() => a!.inspect({ owner: "mallory" }).then((view) => view.openCalls[0]?.count), { timeout: 20_000 })
        .toBe(1000);
      const started = performance.now();
      const refused = await Promise.all(Array.from({ length: 400 }, (_, n) => dispatch(b!, 1000 + n)));
      const elapsed = performance.now() - started;
      console.log(`400 dispatches past the cap refused at the other instance in ${Math.round(elapsed)} ms`);
      expect(new Set(refused.map((outcome) => outcome.status))).toEqual(new Set(["denied"]));
      expect(elapsed).toBeLessThan(1000);
      void open;
    } finally {
      await Promise.all([a!.close(), b!.close()]);
      await Promise.all(stores.map((store) => store.disconnect()));
    }
  }, 60_000);
});
