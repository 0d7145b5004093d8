// @gen-client-tools/runtime/ag-ui: client tool calls as @ag-ui/core's own events, answered by ToolMessages
// that the frontend makes with the generated handlers. @ag-ui/core (and, for the subscriber,
// @ag-ui/client) are peer dependencies of this entry.

export type { ToolCallContext, ToolCallDispatch, ToolCallFailureReason, ToolCallOutcome } from "../dispatch.js";
export { type AgUiToolCallEventLike, callStateFromAgUi } from "./call-state.js";
export {
  AG_UI_CONTRACT_PROP,
  AG_UI_MISMATCH_EVENT,
  agUiClientToolContract,
  fromAgUiMismatchEvent,
  toAgUiMismatchEvent,
} from "./contract.js";
export { type AgUiEndedToolCall, createAgUiClientToolSubscriber, handleAgUiToolCall } from "./frontend.js";
export {
  type AgUiInterruptLike,
  type AgUiPrivateInputPrompt,
  type AgUiPrivateInputsTaken,
  acceptAgUiPrivateInputs,
  PRIVATE_INPUT_INTERRUPT_REASON,
  resumeAgUiPrivateInputs,
  toAgUiPrivateInputInterrupt,
} from "./private-input.js";
export { type AgUiClientToolCall, toAgUiRunFinishedEvent, toAgUiToolCallEvents } from "./tool-call-events.js";
export { acceptAgUiToolMessage } from "./tool-message.js";
