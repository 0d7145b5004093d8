import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveRedisServer, type RedisServerUnderTest, startRedisServer } from "../../../test-support/redis-server.js";
import { type ReadmeServer, startReadmeServer } from "../__fixtures__/readme-server.js";

// A failure after the whole body was read (here: Redis refusing writes at its maxmemory) is the
// server's, not a client that went away: the client gets 500 and onError hears of it.

const run = haveRedisServer();
let redis: RedisServerUnderTest;
let server: ReadmeServer;
beforeAll(async () => {
  if (!run) return;
  redis = await startRedisServer(false);
  server = await startReadmeServer({ GCT_REDIS_URL: `redis://127.0.0.1:${redis.port}` });
});
afterAll(async () => {
  await server?.stop();
  await redis?.release();
});

describe.runIf(run)("a store that fails after the body was read", () => {
  it("answers 500 and calls onError (was: the connection reset, nothing reported), and the answer sent again once Redis takes writes ends the call", {
    timeout: 60_000,
  }, async () => {
    expect(
      (
        await server.fetch("alice", "/dispatch", {
          body: { conversationId: "c1", toolName: "get_location", toolCallId: "call_1", args: {} },
        })
      ).status,
    ).toBe(202);
    let requestId: string | undefined;
    while (requestId === undefined) {
      const { requests } = (await (await server.fetch("alice", "/client-tools")).json()) as {
        requests: { requestId: string }[];
      };
      requestId = requests[0]?.requestId;
    }
    const admin = await createClient({ url: `redis://127.0.0.1:${redis.port}` }).connect();
    try {
      // Every write is refused from now on (OOM), reads still served.
      await admin.configSet("maxmemory", "1");
      const refused = await server.fetch("alice", `/client-tools/${requestId}`, {
        body: { result: { city: "Lyon" } },
      });
      expect(refused.status).toBe(500);
      // A sweep of expired calls that falls in this window is refused too, and says so in its own words.
      const errors = (await server.report()).errors.filter((error) => !error.startsWith("sweeping the store's"));
      expect(errors).toEqual([expect.stringMatching(/^request: OOM command not allowed/)]);
    } finally {
      await admin.configSet("maxmemory", "0");
      await admin.close();
    }
    expect(
      (await server.fetch("alice", `/client-tools/${requestId}`, { body: { result: { city: "Lyon" } } })).status,
    ).toBe(200);
    expect(await (await server.fetch("alice", "/outcome/c1/call_1")).json()).toEqual({
      status: "ok",
      result: { city: "Lyon" },
    });
  });
});
