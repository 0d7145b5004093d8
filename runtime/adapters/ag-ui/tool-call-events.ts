import {
  EventType,
  type RunFinishedEvent,
  type ToolCallArgsEvent,
  type ToolCallEndEvent,
  type ToolCallStartEvent,
} from "@ag-ui/core";
import type { ClientToolRequest } from "../../wire/messages.js";
import { toAgUiPrivateInputInterrupt } from "./private-input.js";

/**
 * A client tool call as it goes out: a broker's `ClientToolRequest` is one, and so is a fire-and-forget call the server
 * makes up.
 */
export interface AgUiClientToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly args: unknown;
  /** The assistant message that made the call. */
  readonly parentMessageId?: string;
}

/**
 * The call as AG-UI's TOOL_CALL_START / _ARGS / _END events, @ag-ui/core's own types, under the
 * model's `toolCallId` (what the frontend's ToolMessage answers); the arguments in one delta.
 */
export function toAgUiToolCallEvents(
  call: AgUiClientToolCall,
): [ToolCallStartEvent, ToolCallArgsEvent, ToolCallEndEvent] {
  const { toolCallId, parentMessageId } = call;
  const start: ToolCallStartEvent = { type: EventType.TOOL_CALL_START, toolCallId, toolCallName: call.toolName };
  if (parentMessageId !== undefined) start.parentMessageId = parentMessageId;
  return [
    start,
    { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify(call.args) },
    { type: EventType.TOOL_CALL_END, toolCallId },
  ];
}

/**
 * RUN_FINISHED for a run. One that stopped on client calls is a completed run with the calls
 * pending (AG-UI's success outcome with `pendingToolCallIds`): the frontend answers each with a
 * ToolMessage in the next run's messages, and the next `runAgent()` needs no resume. One that
 * waits for private inputs is suspended instead: a `private_input` interrupt per request, which
 * the next run's resume entries answer (the client calls then travel as ToolMessages all the
 * same).
 */
export function toAgUiRunFinishedEvent(run: {
  readonly threadId: string;
  readonly runId: string;
  readonly pendingToolCallIds?: readonly string[];
  readonly privateInputs?: readonly ClientToolRequest[];
}): RunFinishedEvent {
  const event: RunFinishedEvent = { type: EventType.RUN_FINISHED, threadId: run.threadId, runId: run.runId };
  const interrupts = (run.privateInputs ?? []).map(toAgUiPrivateInputInterrupt);
  if (interrupts.length > 0) event.outcome = { type: "interrupt", interrupts };
  else if ((run.pendingToolCallIds?.length ?? 0) > 0)
    event.outcome = { type: "success", pendingToolCallIds: [...run.pendingToolCallIds!] };
  return event;
}
