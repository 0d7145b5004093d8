import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suiteRedisUrl } from "../../../../test-support/redis-server.js";
import { parseClientToolSpecs } from "../../../tool-spec/parse.js";
import { ClientCallBroker } from "../../broker.js";
import { RedisPendingCallStore } from "./redis-store.js";

// The deadline lives in Redis: a call whose dispatching process was killed still ends at it,
// ended by another instance's sweep, and its outcome is kept for the dispatch that comes again.

const url = suiteRedisUrl();
const here = path.dirname(fileURLToPath(import.meta.url));
const ECHO = {
  name: "echo",
  description: "Answer with the number asked.",
  parameters: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
  outputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
  timeoutSeconds: 2,
};
const CALLS = 10;

describe.skipIf(url === undefined)("a dispatcher killed with open calls", () => {
  let client: ReturnType<typeof createClient>;
  beforeAll(async () => {
    client = createClient({ url: url!, disableOfflineQueue: true });
    await client.connect();
  });
  afterAll(async () => {
    await client?.close();
  });

  it("kill -9 with ten open 2-second calls: each ends as timeout within 1 s of its deadline at another instance, and a dispatch again returns that outcome without asking the client", async () => {
    const keyPrefix = `dead:${randomUUID()}:`;
    const store = new RedisPendingCallStore(client, { keyPrefix, onError: () => {} });
    const other = new ClientCallBroker({ tools: parseClientToolSpecs([ECHO]), store, sweepIntervalMs: 200 });
    const asked: string[] = [];
    other.on("requested", (call) => asked.push(call.request.toolCallId));
    try {
      await store.ready();
      const dispatcher = spawn(process.execPath, [path.join(here, "__fixtures__/dispatcher.mjs")], {
        cwd: here,
        env: { ...process.env, KEY_PREFIX: keyPrefix, TOOL: JSON.stringify(ECHO), CALLS: String(CALLS) },
        stdio: ["ignore", "pipe", "inherit"],
      });
      await new Promise<void>((resolve, reject) => {
        dispatcher.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("dispatched") && resolve());
        dispatcher.on("exit", (code) => reject(new Error(`the dispatcher exited with ${code} before it dispatched`)));
      });
      const open = await other.pending({ owner: "alice" });
      expect(open).toHaveLength(CALLS);
      const deadline = Math.max(...open.map((request) => request.expiresAt));
      await new Promise<void>((resolve) => {
        dispatcher.on("exit", () => resolve());
        dispatcher.kill("SIGKILL");
      });
      asked.length = 0;

      // Every call ends, as timeout, within 1 s of its deadline, though its dispatcher is gone.
      const ids = Array.from({ length: CALLS }, (_, n) => `call_${n}`);
      for (;;) {
        const outcomes = await Promise.all(
          ids.map((toolCallId) => other.outcome({ owner: "alice", conversationId: "c1", toolCallId })),
        );
        if (outcomes.every((outcome) => outcome !== undefined)) {
          expect(Date.now()).toBeLessThanOrEqual(deadline + 1_000);
          expect(outcomes).toEqual(ids.map(() => ({ status: "timeout", timeoutSeconds: 2 })));
          break;
        }
        expect(Date.now(), "a call still open 1 s past its deadline").toBeLessThanOrEqual(deadline + 1_000);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Nothing is left open for the owner, and no id stays in the owner's set.
      expect(await other.pending({ owner: "alice" })).toEqual([]);
      expect(await client.sendCommand(["KEYS", `${keyPrefix}*owner:*`])).toEqual([]);
      // The agent loop, resumed at this instance, dispatches the calls again: it gets their outcomes, and the client is
      // not asked again.
      const again = await Promise.all(
        ids.map((toolCallId, n) =>
          other.dispatch({ conversationId: "c1", owner: "alice", toolName: "echo", toolCallId, args: { n } }),
        ),
      );
      expect(again).toEqual(ids.map(() => ({ status: "timeout", timeoutSeconds: 2 })));
      expect(asked).toEqual([]);
    } finally {
      await other.close();
      await store.disconnect();
    }
  }, 30_000);
});
