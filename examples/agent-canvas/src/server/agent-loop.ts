import { randomUUID } from "node:crypto";
import {
  type ClientToolObservation,
  clientToolMode,
  outcomeToObservation,
  readToolCallArguments,
} from "@gen-client-tools/runtime";
import {
  type ClientCallBroker,
  type ClientToolLookup,
  clientActionEvent,
  clientObservationEvent,
  fireAndForgetEvents,
} from "@gen-client-tools/runtime/server";
import type { CanvasEvent } from "../shared/events.js";
import type { StoredConversation } from "./conversation-store.js";
import type { ChatModel, ModelToolCall } from "./model.js";

export interface AgentLoopDeps {
  readonly model: ChatModel;
  readonly broker: ClientCallBroker;
  /** Records an event in the conversation and sends it to the page. */
  readonly emit: (conversation: StoredConversation, event: CanvasEvent) => void;
}

const MAX_STEPS = 8;

/**
 * One user turn: the model answers, each client-tool call goes to the page (fire-and-forget:
 * acknowledged at once; awaited, private inputs included: through the broker, until the page
 * answers), and the observations go back to the model until it answers in words.
 */
export async function runTurn(
  deps: AgentLoopDeps,
  conversation: StoredConversation,
  tools: ClientToolLookup,
  text: string,
): Promise<void> {
  deps.emit(conversation, { kind: "MessageEvent", id: randomUUID(), timestamp: now(), source: "user", text });
  conversation.messages.push({ role: "user", text });
  for (let step = 0; step < MAX_STEPS; step++) {
    const turn = await deps.model.next(conversation.messages, tools.list());
    conversation.messages.push({ role: "assistant", text: turn.text, toolCalls: turn.toolCalls });
    if (turn.text !== "")
      deps.emit(conversation, {
        kind: "MessageEvent",
        id: randomUUID(),
        timestamp: now(),
        source: "agent",
        text: turn.text,
      });
    if (turn.toolCalls.length === 0) return;
    for (const call of turn.toolCalls) {
      const observation = await runToolCall(deps, conversation, tools, call);
      const content = observation.content.map((block) => block.text).join("\n");
      conversation.messages.push({
        role: "tool",
        toolCallId: call.id,
        name: call.name,
        content,
        isError: observation.is_error,
      });
    }
  }
}

async function runToolCall(
  deps: AgentLoopDeps,
  conversation: StoredConversation,
  tools: ClientToolLookup,
  call: ModelToolCall,
): Promise<ClientToolObservation> {
  const tool = tools.get(call.name);
  const reading = readToolCallArguments(call.id, call.name, call.arguments);
  if (tool === undefined || !reading.ok) {
    const error =
      tool === undefined ? `There is no client tool named ${call.name}.` : reading.ok ? "" : reading.message;
    deps.emit(conversation, {
      kind: "AgentErrorEvent",
      id: randomUUID(),
      timestamp: now(),
      source: "agent",
      tool_call_id: call.id,
      error,
      tool_name: call.name,
    });
    return { kind: "ClientToolObservation", content: [{ type: "text", text: error }], is_error: true };
  }
  const { args } = reading;
  const input = { toolName: call.name, toolCallId: call.id, args, rawArguments: call.arguments };
  // The tool's name was looked up among this conversation's tools: the events are of this page's types.
  if (clientToolMode(tool.spec).mode === "fire-and-forget") {
    // Fire-and-forget: the page gets the action, the model the acknowledgement, at once.
    const { action, observation } = fireAndForgetEvents(input);
    deps.emit(conversation, action as CanvasEvent);
    deps.emit(conversation, observation as CanvasEvent);
    return observation.observation;
  }
  const action = clientActionEvent(input);
  deps.emit(conversation, action as CanvasEvent);
  const outcome = await deps.broker.dispatch({
    conversationId: conversation.id,
    owner: conversation.owner,
    toolName: call.name,
    toolCallId: call.id,
    args,
  });
  const observation = clientObservationEvent(action, outcomeToObservation(outcome, tool.spec));
  deps.emit(conversation, observation as CanvasEvent);
  return observation.observation;
}

function now(): string {
  return new Date().toISOString();
}
