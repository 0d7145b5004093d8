import { describe, expect, it } from "vitest";
import { ClientToolRegistry } from "../registry/registry.js";
import { nextRequests } from "./__fixtures__/next-request.js";
import { ClientCallBroker } from "./broker.js";

const confirm = (question: string) => ({
  name: "ask_user",
  description: "Ask the user.",
  parameters: { type: "object", properties: { [question]: { type: "string" } } },
  outputSchema: { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] },
});

describe("one broker for every conversation", () => {
  it("finds a call's tool among its conversation's own tools, with that conversation's schemas, and the server's tools in every conversation", async () => {
    const registry = new ClientToolRegistry();
    registry.register({
      name: "get_time",
      description: "The user's time.",
      outputSchema: { type: "object", properties: { time: { type: "string" } }, required: ["time"] },
    });
    registry.scope("c1").register({ client_tools: [confirm("question")] });
    const broker = new ClientCallBroker({ tools: registry });
    try {
      const sent = nextRequests(broker, 2);
      const own = broker.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "ask_user",
        toolCallId: "call_1",
        args: { question: "Go?" },
      });
      const shared = broker.dispatch({
        conversationId: "c2",
        owner: "alice",
        toolName: "get_time",
        toolCallId: "call_2",
        args: {},
      });
      await sent;
      const pending = await broker.pending({ owner: "alice" });
      expect(pending.map((request) => [request.conversationId, request.toolName]).sort()).toEqual([
        ["c1", "ask_user"],
        ["c2", "get_time"],
      ]);
      for (const request of pending)
        await broker.submit({
          requestId: request.requestId,
          owner: "alice",
          result: request.toolName === "ask_user" ? { answer: "yes" } : { time: "noon" },
        });
      await expect(own).resolves.toEqual({ status: "ok", result: { answer: "yes" } });
      await expect(shared).resolves.toEqual({ status: "ok", result: { time: "noon" } });
      // Another conversation never sees c1's tool.
      await expect(
        broker.dispatch({ conversationId: "c2", owner: "alice", toolName: "ask_user", toolCallId: "call_3", args: {} }),
      ).rejects.toThrow(/Unknown client tool "ask_user"/);
      // Arguments are checked against the conversation's own schema.
      expect(
        await broker.dispatch({
          conversationId: "c1",
          owner: "alice",
          toolName: "ask_user",
          toolCallId: "call_4",
          args: { question: 7 },
        }),
      ).toMatchObject({ status: "invalid_arguments" });
    } finally {
      await broker.close();
    }
  });
});
