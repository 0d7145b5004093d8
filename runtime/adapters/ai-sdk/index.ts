// @gen-client-tools/runtime/ai-sdk: the client tools as AI SDK tools, and their calls from `useChat`'s
// `onToolCall` through the generated handlers. `ai` is a peer dependency of this entry.

export type { ToolCallContext, ToolCallDispatch, ToolCallFailureReason, ToolCallOutcome } from "../dispatch.js";
export {
  type AiSdkApprovalDecision,
  type AiSdkApprovalOptions,
  type AiSdkApprovalRequest,
  answerAiSdkApproval,
  clientToolCallsAnswered,
} from "./approval.js";
export { type AiSdkPartToolName, type AiSdkToolPart, callStateFromAiSdkPart } from "./call-state.js";
export { clientToolErrorText } from "./error-text.js";
export {
  type AiSdkToolCall,
  type AiSdkToolCallOptions,
  type AiSdkToolOutput,
  handleAiSdkToolCall,
} from "./tool-call.js";
export {
  type AiSdkClientTools,
  type AiSdkToolsOptions,
  type AiSdkValidator,
  ClientToolArgumentsError,
  type ClientToolTypes,
  toAiSdkTools,
} from "./tools.js";
