import type { AgentSubscriber } from "@ag-ui/client";
import type { Message, ResumeEntry, ToolMessage } from "@ag-ui/core";
import { isRecord } from "../../util/guards.js";
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
  // The reason goes in `content` too: that is what most servers give the model.
  return { id, role: "tool", toolCallId, content: outcome.message, error: outcome.message };
}

/**
 * An `AgentSubscriber` (of @ag-ui/client) that runs the client tool calls of each run once the run
 * has finished, and adds their ToolMessages to the agent's messages for the app's next
 * `runAgent()` to send. A call that an interrupt of the run names (an approval) is held: it runs
 * when the next run resolves that interrupt, its ToolMessage sent with that run, and never when
 * it is cancelled. Nothing of a cancelled or failed run is run. `onMismatch` gets each call the
 * server did not send because this page's code is out of date for it.
 */
export function createAgUiClientToolSubscriber(options: {
  readonly dispatch: ToolCallDispatch;
  readonly signal?: AbortSignal;
  readonly onMismatch?: (message: ClientToolMismatchMessage) => void;
}): AgentSubscriber {
  /** The calls of the run under way, in the order their arguments ended. */
  let ended: AgUiEndedToolCall[] = [];
  /** Calls held for an approval, by the id of the interrupt that names them. */
  const held = new Map<string, AgUiEndedToolCall>();
  const run = async (calls: readonly AgUiEndedToolCall[], messages: readonly Message[]) => {
    const answers = await Promise.all(calls.map((call) => handleAgUiToolCall(call, options.dispatch, options.signal)));
    const added = answers.filter((message) => message !== undefined);
    if (added.length === 0 || options.signal?.aborted === true) return;
    return { messages: [...messages, ...added] };
  };
  return {
    async onRunInitialized({ input, messages }) {
      ended = [];
      const resolved: AgUiEndedToolCall[] = [];
      for (const entry of input.resume ?? []) {
        const call = held.get(entry.interruptId);
        if (call === undefined) continue;
        held.delete(entry.interruptId);
        if (approves(entry)) resolved.push(call);
      }
      return run(resolved, messages);
    },
    onCustomEvent({ event }) {
      const mismatch = fromAgUiMismatchEvent(event);
      if (mismatch !== undefined) options.onMismatch?.(mismatch);
    },
    onToolCallEndEvent({ event, toolCallName, toolCallArgs }) {
      ended.push({ toolCallId: event.toolCallId, toolCallName, toolCallArgs });
    },
    onRunFinishedEvent(params) {
      const calls = ended;
      ended = [];
      if (params.outcome === "cancelled") return;
      const heldBy = new Map<string, string>();
      if (params.outcome === "interrupt")
        for (const pending of params.interrupts)
          if (pending.toolCallId !== undefined) heldBy.set(pending.toolCallId, pending.id);
      const now: AgUiEndedToolCall[] = [];
      for (const call of calls) {
        const interruptId = heldBy.get(call.toolCallId);
        if (interruptId === undefined) now.push(call);
        else held.set(interruptId, call);
      }
      return run(now, params.messages);
    },
    onRunErrorEvent() {
      ended = [];
    },
  };
}

/** An approval given: resolved, unless its payload says no (`false`, or `approved: false`). */
function approves(entry: ResumeEntry): boolean {
  if (entry.status !== "resolved") return false;
  const { payload } = entry as { readonly payload?: unknown };
  return payload !== false && !(isRecord(payload) && payload["approved"] === false);
}
