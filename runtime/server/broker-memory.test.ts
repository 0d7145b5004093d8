import { describe, expect, it } from "vitest";
import { collectGarbage } from "../../bench/runtime/gc.js";
import { ClientToolRegistry } from "../registry/server-registry.js";
import { nextRequest } from "./__fixtures__/next-request.js";
import { ClientCallBroker } from "./broker.js";
import { InMemoryPendingCallStore } from "./stores/memory-store.js";

const MB = 1024 * 1024;

/**
 * A conversation's own tool, with an output schema no other conversation has (patterns and bounds, which cost ajv the
 * most to keep).
 */
const ownTool = (i: number) => ({
  name: "ask_user",
  description: "Ask the user.",
  parameters: {
    type: "object",
    properties: { question: { type: "string", maxLength: 1000 + i } },
    required: ["question"],
  },
  outputSchema: {
    type: "object",
    properties: {
      [`answer_${i}`]: { type: "string", maxLength: 100 + i, pattern: `^[a-z]{1,${(i % 50) + 3}}$` },
      score: { type: "integer", minimum: -i },
    },
    required: [`answer_${i}`],
  },
});

describe("what a conversation's tools cost once it is dropped", () => {
  it("gives back the memory of 3,000 conversations, each with its own schemas compiled, registered, called and dropped (heap within 10 MB)", async () => {
    const registry = new ClientToolRegistry();
    // Ended calls are remembered for a while (a late answer gets 409): not what is measured here.
    const broker = new ClientCallBroker({
      tools: registry,
      store: new InMemoryPendingCallStore({ closedRetentionMs: 1 }),
    });
    const conversation = async (i: number): Promise<void> => {
      const conversationId = `c${i}`;
      registry.scope(conversationId, { owner: "alice" }).register({ client_tools: [ownTool(i)] });
      const requested = nextRequest(broker);
      const outcome = broker.dispatch({
        conversationId,
        owner: "alice",
        toolName: "ask_user",
        toolCallId: "call_1",
        args: { question: "Go?" },
      });
      const request = await requested;
      await broker.submit({
        requestId: request!.requestId,
        owner: "alice",
        result: { [`answer_${i}`]: "yes", score: 0 },
      });
      expect(await outcome).toMatchObject({ status: "ok" });
      registry.dropScope(conversationId);
    };
    const heapAfter = async (from: number, to: number): Promise<number> => {
      for (let i = from; i < to; i++) await conversation(i);
      await new Promise((resolve) => setTimeout(resolve, 20));
      collectGarbage();
      return process.memoryUsage().heapUsed;
    };
    try {
      // Warm: ajv, RE2 and the broker's own structures exist before the baseline.
      const baseline = await heapAfter(0, 100);
      const afterFirst = await heapAfter(100, 3100);
      const afterSecond = await heapAfter(3100, 6100);
      expect((afterFirst - baseline) / MB).toBeLessThan(10);
      // And it does not grow with the number of conversations: the next 3,000 leave no more.
      expect((afterSecond - baseline) / MB).toBeLessThan(10);
    } finally {
      await broker.close();
    }
  }, 180_000);
});
