// AG-UI through @ag-ui/client's own HttpAgent with the docs' subscriber and tool list, against a
// server on our server half whose model is scripted, in a fresh project.
import { HttpAgent } from "@ag-ui/client";
import { type BaseEvent, EventType, type RunAgentInput } from "@ag-ui/core";
import { exportClientTools } from "@gen-client-tools/runtime";
import {
  createAgUiClientToolSubscriber,
  toAgUiRunFinishedEvent,
  toAgUiToolCallEvents,
} from "@gen-client-tools/runtime/ag-ui";
import { clientToolSpecs } from "./client-tools.gen/index.js";
import { APPROVAL_TURNS, dispatch, ran, type ScenarioReport, TURNS, textOf } from "./page.js";

type Turns = readonly (readonly { readonly id: string; readonly name: string; readonly args: object }[])[];

/**
 * The server: a user's message gets its turn's calls (the fire-and-forget ones held by an approval
 * interrupt where `approvals` is set), ToolMessages get a text. Records what each ToolMessage read.
 */
function server(turns: Turns, read: Record<string, string>, approvals: boolean) {
  return async (request: Request): Promise<Response> => {
    const { threadId, runId, messages } = (await request.json()) as RunAgentInput;
    for (const message of messages) if (message.role === "tool") read[message.toolCallId] = textOf(message.content);
    const events: BaseEvent[] = [{ type: EventType.RUN_STARTED, threadId, runId } as BaseEvent];
    const calls =
      messages.at(-1)?.role === "user" ? (turns[messages.filter((m) => m.role === "user").length - 1] ?? []) : [];
    for (const call of calls)
      events.push(...toAgUiToolCallEvents({ toolCallId: call.id, toolName: call.name, args: call.args }));
    if (calls.length === 0)
      events.push(
        { type: EventType.TEXT_MESSAGE_START, messageId: `said_${runId}`, role: "assistant" } as BaseEvent,
        { type: EventType.TEXT_MESSAGE_CONTENT, messageId: `said_${runId}`, delta: "Done." } as BaseEvent,
        { type: EventType.TEXT_MESSAGE_END, messageId: `said_${runId}` } as BaseEvent,
      );
    const held = approvals ? calls.filter((call) => call.name === "notify") : [];
    const finished = toAgUiRunFinishedEvent({ threadId, runId, pendingToolCallIds: calls.map((call) => call.id) });
    events.push(
      held.length === 0
        ? finished
        : ({
            ...finished,
            outcome: {
              type: "interrupt",
              interrupts: held.map((call) => ({
                id: `approve_${call.id}`,
                reason: "tool_approval",
                toolCallId: call.id,
              })),
            },
          } as BaseEvent),
    );
    return new Response(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(""), {
      headers: { "content-type": "text/event-stream" },
    });
  };
}

const { tools } = exportClientTools(clientToolSpecs, "ag-ui");

function agentOn(handle: (request: Request) => Promise<Response>, threadId: string): HttpAgent {
  const agent = new HttpAgent({
    url: "http://agent.test/run",
    threadId,
    fetch: (url, init) => handle(new Request(url, init)),
  });
  agent.subscribe(createAgUiClientToolSubscriber({ dispatch }));
  return agent;
}

export async function scenario(): Promise<ScenarioReport> {
  const modelRead: Record<string, string> = {};
  const agent = agentOn(server(TURNS, modelRead, false), "thread_1");
  for (const [index, content] of ["Pick a date", "Another", "Once more"].entries()) {
    agent.addMessage({ id: `u${index}`, role: "user", content });
    await agent.runAgent({ tools }); // the calls
    await agent.runAgent({ tools }); // their answers, and the model's text
  }

  const approving = agentOn(server(APPROVAL_TURNS, modelRead, true), "thread_2");
  approving.addMessage({ id: "a1", role: "user", content: "Notify me" });
  await approving.runAgent({ tools });
  const beforeDecision = [...ran];
  await approving.runAgent({ tools, resume: [{ interruptId: "approve_n4", status: "resolved" }] });
  const afterApproval = [...ran];
  approving.addMessage({ id: "a2", role: "user", content: "Again" });
  await approving.runAgent({ tools });
  await approving.runAgent({ tools, resume: [{ interruptId: "approve_n5", status: "cancelled" }] });
  return { ran, modelRead, approval: { beforeDecision, afterApproval } };
}
