import { HttpAgent } from "@ag-ui/client";
import { EventType, type BaseEvent, type Message, type RunAgentInput } from "@ag-ui/core";
import { afterAll, describe, expect, it } from "vitest";
import { ClientCallBroker } from "../../server/broker.js";
import { outcomeToObservation } from "../../wire/observation.js";
import { parseClientToolSpecs } from "../../tool-spec/parse.js";
import type { ClientCallOutcome } from "../../wire/outcome.js";
import type { ToolCallDispatch } from "../dispatch.js";
import { acceptAgUiToolMessage, createAgUiClientToolSubscriber, toAgUiRunFinishedEvent, toAgUiToolCallEvents } from "./index.js";

// A thread of several runs through @ag-ui/client's own HttpAgent, against a server on our server
// half (its fetch handed the server's handler): the first run calls three client tools, a
// fire-and-forget one with a parameter named `kind` and two awaited ones; the next runs carry
// the frontend's ToolMessages, with no resume entry, and go on.

const tools = parseClientToolSpecs([
  {
    name: "show_notice",
    description: "Show a notice.",
    parameters: { type: "object", properties: { kind: { enum: ["info", "warning"] }, text: { type: "string" } }, required: ["kind", "text"], additionalProperties: false },
  },
  { name: "get_location", description: "Get the user's city.", outputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
  { name: "get_time", description: "Get the user's time.", outputSchema: { type: "object", properties: { time: { type: "string" } }, required: ["time"] } },
]);

describe("an AG-UI thread of several runs through @ag-ui/client's HttpAgent", () => {
  const broker = new ClientCallBroker({ tools });
  afterAll(() => broker.close());
  /** The awaited calls the server's agent loop waits on, by toolCallId. */
  const waiting = new Map<string, Promise<ClientCallOutcome>>();
  const runs: RunAgentInput[] = [];
  let calls = 0;

  /** The server: AG-UI over Server-Sent Events, its agent loop scripted. */
  async function server(request: Request): Promise<Response> {
    const input = (await request.json()) as RunAgentInput;
    runs.push(input);
    const { threadId, runId } = input;
    for (const message of input.messages) await acceptAgUiToolMessage(broker, { owner: "alice", conversationId: threadId, message });
    const events: BaseEvent[] = [{ type: EventType.RUN_STARTED, threadId, runId } as BaseEvent];
    const pending: string[] = [];
    if (input.messages.at(-1)?.role === "user") {
      // The model calls the tools the user's message asks for.
      const asked: [string, object][] = calls === 0 ? [["show_notice", { kind: "info", text: "Looking…" }], ["get_location", {}], ["get_time", {}]] : [["get_location", {}]];
      for (const [toolName, args] of asked) {
        const toolCallId = `call_${++calls}`;
        events.push(...toAgUiToolCallEvents({ toolCallId, toolName, args }));
        pending.push(toolCallId);
        if (toolName !== "show_notice") waiting.set(toolCallId, broker.dispatch({ conversationId: threadId, owner: "alice", toolName, toolCallId, args }));
      }
    } else {
      // Answered: the model says what came back.
      const said = await Promise.all([...waiting].map(async ([id, outcome]) => `${id}: ${JSON.stringify(outcomeToObservation(await outcome).content)}`));
      waiting.clear();
      events.push({ type: EventType.TEXT_MESSAGE_START, messageId: `said_${runId}`, role: "assistant" } as BaseEvent, { type: EventType.TEXT_MESSAGE_CONTENT, messageId: `said_${runId}`, delta: said.join("; ") } as BaseEvent, { type: EventType.TEXT_MESSAGE_END, messageId: `said_${runId}` } as BaseEvent);
    }
    events.push(toAgUiRunFinishedEvent({ threadId, runId, pendingToolCallIds: pending }));
    return new Response(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(""), { headers: { "content-type": "text/event-stream" } });
  }

  it("runs the client calls of one run, and the next runs go on with their answers, without resume entries", async () => {
    const ran: [string, unknown][] = [];
    const results: Readonly<Record<string, unknown>> = { show_notice: "Tool call dispatched to client.", get_location: { city: "Lyon" }, get_time: { time: "12:00" } };
    const dispatch: ToolCallDispatch = async (name, args) => {
      ran.push([name, args]);
      return { ok: true, name, result: results[name], output: results[name] };
    };
    const agent = new HttpAgent({ url: "http://agent.test/run", threadId: "thread_1", fetch: (url, init) => server(new Request(url, init)) });
    agent.subscribe(createAgUiClientToolSubscriber({ dispatch }));

    agent.addMessage({ id: "u1", role: "user", content: "Where and when am I?" });
    await agent.runAgent();
    expect(ran).toEqual([
      ["show_notice", { kind: "info", text: "Looking…" }],
      ["get_location", {}],
      ["get_time", {}],
    ]);
    expect(agent.pendingInterrupts).toEqual([]);

    // The second run: the ToolMessages answer the calls; no resume is needed, and none is sent.
    await agent.runAgent();
    expect(runs[1]!.resume).toBeUndefined();
    expect(runs[1]!.messages.filter((message: Message) => message.role === "tool").map((message) => message.toolCallId)).toEqual(["call_1", "call_2", "call_3"]);
    expect(agent.messages.at(-1)).toMatchObject({ role: "assistant", content: 'call_2: [{"type":"text","text":"{\\"city\\":\\"Lyon\\"}"}]; call_3: [{"type":"text","text":"{\\"time\\":\\"12:00\\"}"}]' });

    // The third and fourth: another question, another call, another answer.
    agent.addMessage({ id: "u2", role: "user", content: "And now?" });
    await agent.runAgent();
    await agent.runAgent();
    expect(ran.map(([name]) => name)).toEqual(["show_notice", "get_location", "get_time", "get_location"]);
    expect(agent.messages.at(-1)).toMatchObject({ role: "assistant", content: 'call_4: [{"type":"text","text":"{\\"city\\":\\"Lyon\\"}"}]' });
    expect(runs).toHaveLength(4);
  });
});
