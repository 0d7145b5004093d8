import { EventType, type RunFinishedEvent, type ToolCallArgsEvent, type ToolCallEndEvent, type ToolCallStartEvent } from "@ag-ui/core";
import type { ClientToolRequest } from "../../wire/messages.js";
import { toAgUiPrivateInputInterrupt } from "./private-input.js";

/** A client tool call as it goes out: a broker's `ClientToolRequest` is one, and so is a fire-and-forget call the server makes up. */
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
export function toAgUiToolCallEvents(call: AgUiClientToolCall): [ToolCallStartEvent, ToolCallArgsEvent, ToolCallEndEvent] {
  const { toolCallId, parentMessageId } = call;
  const start: ToolCallStartEvent = { type: EventType.TOOL_CALL_START, toolCallId, toolCallName: call.toolName };
  if (parentMessageId !== undefined) start.parentMessageId = parentMessageId;
  return [start, { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify(call.args) }, { type: EventType.TOOL_CALL_END, toolCallId }];
}

/** The interrupt reason of a run that stopped to wait for client tools. */
export const CLIENT_TOOL_INTERRUPT_REASON = "client_tool_call";

/**
 * RUN_FINISHED for a run; one that stopped on client calls says so in its outcome: an
 * interrupt per pending call, by its `toolCallId`, which the ToolMessages of the next run answer,
 * and a `private_input` interrupt per private-input request, which its resume entries answer.
 */
export function toAgUiRunFinishedEvent(run: {
  readonly threadId: string;
  readonly runId: string;
  readonly pendingToolCallIds?: readonly string[];
  readonly privateInputs?: readonly ClientToolRequest[];
}): RunFinishedEvent {
  const event: RunFinishedEvent = { type: EventType.RUN_FINISHED, threadId: run.threadId, runId: run.runId };
  const interrupts = [
    ...(run.pendingToolCallIds ?? []).map((toolCallId) => ({ id: toolCallId, reason: CLIENT_TOOL_INTERRUPT_REASON, toolCallId })),
    ...(run.privateInputs ?? []).map(toAgUiPrivateInputInterrupt),
  ];
  if (interrupts.length > 0) event.outcome = { type: "interrupt", interrupts };
  return event;
}
