import {
  EventSchema,
  RunAgentInputSchema,
  RunFinishedEventSchema,
  ToolCallArgsEventSchema,
  ToolCallEndEventSchema,
  ToolCallStartEventSchema,
  ToolMessageSchema,
} from "@ag-ui/core/schemas";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestBroker, type TestBroker } from "../../server/__fixtures__/tools.js";
import { type Listening, listen, waitFor } from "../../server/transports/__fixtures__/net.js";
import { toNodeListener } from "../../server/transports/node-listener.js";
import { ClientCallError } from "../../wire/errors.js";
import type { ClientToolRequest } from "../../wire/messages.js";
import type { ClientCallOutcome } from "../../wire/outcome.js";
import { acceptAgUiToolMessage, toAgUiRunFinishedEvent, toAgUiToolCallEvents } from "./index.js";

const request: ClientToolRequest = {
  requestId: "r1",
  conversationId: "thread_1",
  toolName: "confirm_purchase",
  toolCallId: "call_1",
  args: { item: "book" },
  attempt: 1,
  expiresAt: 1_735_689_630_000,
};

describe("AG-UI events", () => {
  it("are TOOL_CALL_START / ARGS / END under the model's toolCallId, valid by @ag-ui/core's own schemas", () => {
    const [start, args, end] = toAgUiToolCallEvents({ ...request, parentMessageId: "msg_1" });
    expect(ToolCallStartEventSchema.parse(start)).toEqual({
      type: "TOOL_CALL_START",
      toolCallId: "call_1",
      toolCallName: "confirm_purchase",
      parentMessageId: "msg_1",
    });
    expect(ToolCallArgsEventSchema.parse(args)).toEqual({
      type: "TOOL_CALL_ARGS",
      toolCallId: "call_1",
      delta: '{"item":"book"}',
    });
    expect(ToolCallEndEventSchema.parse(end)).toEqual({ type: "TOOL_CALL_END", toolCallId: "call_1" });
    expect(toAgUiToolCallEvents(request)[0]).not.toHaveProperty("parentMessageId");
  });

  it("carry a fire-and-forget call too, with no broker request behind it", () => {
    const events = toAgUiToolCallEvents({
      toolCallId: "call_9",
      toolName: "open_file_viewer",
      args: { file_path: "README.md" },
    });
    expect(events.map((event) => EventSchema.parse(event))).toEqual([
      { type: "TOOL_CALL_START", toolCallId: "call_9", toolCallName: "open_file_viewer" },
      { type: "TOOL_CALL_ARGS", toolCallId: "call_9", delta: '{"file_path":"README.md"}' },
      { type: "TOOL_CALL_END", toolCallId: "call_9" },
    ]);
  });

  it("end a run that waits on client calls as a completed run with each pending toolCallId, for the next run's ToolMessages to answer", () => {
    const finished = toAgUiRunFinishedEvent({ threadId: "t1", runId: "r1", pendingToolCallIds: ["call_1", "call_2"] });
    expect(RunFinishedEventSchema.parse(finished)).toEqual({
      type: "RUN_FINISHED",
      threadId: "t1",
      runId: "r1",
      outcome: { type: "success", pendingToolCallIds: ["call_1", "call_2"] },
    });
    expect(RunFinishedEventSchema.parse(toAgUiRunFinishedEvent({ threadId: "t1", runId: "r2" }))).toEqual({
      type: "RUN_FINISHED",
      threadId: "t1",
      runId: "r2",
    });
  });
});

let t: TestBroker;
let server: Listening;
let outcomes: Map<string, Promise<ClientCallOutcome>>;

/**
 * A minimal AG-UI agent: a run first takes the ToolMessages among its messages as answers;
 * a run that answered nothing calls get_location on the client and streams the tool call
 * as AG-UI events (SSE `data:` lines), then finishes.
 */
beforeEach(async () => {
  t = createTestBroker();
  outcomes = new Map();
  server = await listen(
    toNodeListener(async (http) => {
      const owner = http.headers.get("x-owner")!;
      const input = RunAgentInputSchema.parse(await http.json());
      const answered: { toolCallId: unknown; status: number }[] = [];
      for (const message of input.messages) {
        try {
          if (await acceptAgUiToolMessage(t.broker, { owner, conversationId: input.threadId, message }))
            answered.push({ toolCallId: (message as { toolCallId: string }).toolCallId, status: 200 });
        } catch (error) {
          if (!(error instanceof ClientCallError)) throw error;
          answered.push({ toolCallId: (message as { toolCallId: string }).toolCallId, status: error.status });
        }
      }
      if (input.messages.some((m) => m.role === "tool")) return Response.json({ answered });

      const before = t.requests.length;
      const toolCallId = `call_${before}`;
      outcomes.set(
        toolCallId,
        t.broker.dispatch({ conversationId: input.threadId, owner, toolName: "get_location", toolCallId, args: {} }),
      );
      const { request: pending } = await waitFor(() => t.requests[before], "the run's request");
      const events = [
        { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
        ...toAgUiToolCallEvents(pending),
        toAgUiRunFinishedEvent({
          threadId: input.threadId,
          runId: input.runId,
          pendingToolCallIds: [pending.toolCallId],
        }),
      ];
      return new Response(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(""), {
        headers: { "content-type": "text/event-stream" },
      });
    }),
  );
});
afterEach(async () => {
  await server.close();
  await t.broker.close();
});

async function run(owner: string, messages: unknown[]): Promise<Response> {
  const input = {
    threadId: "thread_1",
    runId: `run_${Math.random()}`,
    state: {},
    messages,
    tools: [],
    context: [],
    forwardedProps: {},
  };
  return fetch(`${server.origin}/agent`, {
    method: "POST",
    headers: { "x-owner": owner, "content-type": "application/json" },
    body: JSON.stringify(input),
  });
}

function toolMessage(toolCallId: string, content: unknown, extra: object = {}) {
  return ToolMessageSchema.parse({ id: `msg_${toolCallId}`, role: "tool", toolCallId, content, ...extra });
}

describe("AG-UI transport, over a real socket", () => {
  it("streams the call as AG-UI events and takes the ToolMessage of the next run as its result", {
    timeout: 10_000,
  }, async () => {
    const stream = await (await run("alice", [{ id: "u1", role: "user", content: "Where am I?" }])).text();
    const events = stream
      .split("\n\n")
      .filter((block) => block.startsWith("data: "))
      .map((block) => EventSchema.parse(JSON.parse(block.slice("data: ".length))));
    expect(events.map((event) => event.type)).toEqual([
      "RUN_STARTED",
      "TOOL_CALL_START",
      "TOOL_CALL_ARGS",
      "TOOL_CALL_END",
      "RUN_FINISHED",
    ]);
    const start = events[1] as { toolCallId: string; toolCallName: string };
    expect(start.toolCallName).toBe("get_location");

    const answer = await run("alice", [
      { id: "u1", role: "user", content: "Where am I?" },
      toolMessage(start.toolCallId, '{"city":"Lyon"}'),
    ]);
    expect(await answer.json()).toEqual({ answered: [{ toolCallId: start.toolCallId, status: 200 }] });
    await expect(outcomes.get(start.toolCallId)).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });

    // AG-UI sends the history again with the next run: an answered call is passed over, not refused.
    const replay = await run("alice", [toolMessage(start.toolCallId, '{"city":"Paris"}')]);
    expect(await replay.json()).toEqual({ answered: [] });
  });

  it("takes text parts as the result, and a ToolMessage with `error` as the client's failure", {
    timeout: 10_000,
  }, async () => {
    await run("alice", []);
    await run("alice", []);
    const parts = [
      { type: "text", text: '{"city":' },
      { type: "text", text: '"Lyon"}' },
    ];
    const answer = await run("alice", [
      toolMessage("call_0", parts),
      toolMessage("call_1", "", { error: "Location is off." }),
    ]);
    expect(await answer.json()).toEqual({
      answered: [
        { toolCallId: "call_0", status: 200 },
        { toolCallId: "call_1", status: 200 },
      ],
    });
    await expect(outcomes.get("call_0")).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
    await expect(outcomes.get("call_1")).resolves.toEqual({
      status: "error",
      error: "Location is off.",
      retryable: false,
    });
  });

  it("goes through the broker's rules: another owner's call is not found, bad content is 400, an invalid result 422", {
    timeout: 10_000,
  }, async () => {
    await run("alice", []);
    expect(await (await run("mallory", [toolMessage("call_0", '{"city":"Nowhere"}')])).json()).toEqual({
      answered: [],
    });
    expect(await (await run("alice", [toolMessage("call_0", "Lyon")])).json()).toEqual({
      answered: [{ toolCallId: "call_0", status: 400 }],
    });
    expect(await (await run("alice", [toolMessage("call_0", '{"town":"Lyon"}')])).json()).toEqual({
      answered: [{ toolCallId: "call_0", status: 422 }],
    });
    const twice = await run("alice", [
      toolMessage("call_0", '{"city":"Lyon"}'),
      toolMessage("call_0", '{"city":"Paris"}'),
    ]);
    // The first answer ends the call; the second, in the same run, no longer finds it open.
    expect(await twice.json()).toEqual({ answered: [{ toolCallId: "call_0", status: 200 }] });
    await expect(outcomes.get("call_0")).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
  });
});
