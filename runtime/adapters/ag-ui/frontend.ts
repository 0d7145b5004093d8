import type { AgentSubscriber } from "@ag-ui/client";
import type { ToolMessage } from "@ag-ui/core";
import type { ClientToolMismatchMessage } from "../../wire/messages.js";
import type { ToolCallDispatch } from "../dispatch.js";
import { fromAgUiMismatchEvent } from "./contract.js";

/** A tool call as the frontend has it once TOOL_CALL_END arrived: its arguments are complete. */
export interface AgUiEndedToolCall {
  readonly toolCallId: string;
  readonly toolCallName: string;
  readonly toolCallArgs: unknown;
}

const NEVER_ABORTED = new AbortController().signal;

/**
 * Dispatches an ended tool call to the generated handlers and gives the ToolMessage that answers
 * it in the next run: the result as JSON text (the acknowledgement for a fire-and-forget tool),
 * or `error` with the message. Undefined for a tool these bindings do not know, and for a
 * private-input tool, whose value goes in the next run's resume entries instead.
 */
export async function handleAgUiToolCall(
  call: AgUiEndedToolCall,
  dispatch: ToolCallDispatch,
  signal: AbortSignal = NEVER_ABORTED,
): Promise<ToolMessage | undefined> {
  const { toolCallId } = call;
  const outcome = await dispatch(call.toolCallName, call.toolCallArgs, { toolCallId, signal });
  const id = `${toolCallId}-result`;
  if (outcome.ok) {
    const content = typeof outcome.output === "string" ? outcome.output : (JSON.stringify(outcome.output) ?? "null");
    return { id, role: "tool", toolCallId, content };
  }
  // A private input is collected for the run's private_input interrupt (resumeAgUiPrivateInputs), never as a
  // ToolMessage.
  if (outcome.reason === "unknown_tool" || outcome.reason === "private_input") return undefined;
  return { id, role: "tool", toolCallId, content: "", error: outcome.message };
}

/**
 * An `AgentSubscriber` (of @ag-ui/client) that runs each client tool call on TOOL_CALL_END and
 * adds its ToolMessage to the agent's messages, for the app's next `runAgent()` to send; and hands
 * `onMismatch` each call the server did not send because this page's code is out of date for it.
 */
export function createAgUiClientToolSubscriber(options: {
  readonly dispatch: ToolCallDispatch;
  readonly signal?: AbortSignal;
  readonly onMismatch?: (message: ClientToolMismatchMessage) => void;
}): AgentSubscriber {
  return {
    onCustomEvent({ event }) {
      const mismatch = fromAgUiMismatchEvent(event);
      if (mismatch !== undefined) options.onMismatch?.(mismatch);
    },
    async onToolCallEndEvent({ event, toolCallName, toolCallArgs, messages }) {
      const message = await handleAgUiToolCall(
        { toolCallId: event.toolCallId, toolCallName, toolCallArgs },
        options.dispatch,
        options.signal,
      );
      if (message === undefined || options.signal?.aborted === true) return;
      return { messages: [...messages, message] };
    },
  };
}
