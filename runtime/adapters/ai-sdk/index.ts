// @gen-client-tools/runtime/ai-sdk: the client tools as AI SDK tools, and their calls from `useChat`'s
// `onToolCall` through the generated handlers. `ai` is a peer dependency of this entry.
export { clientToolErrorText } from "./error-text.js";
export { ClientToolArgumentsError, toAiSdkTools, type AiSdkClientTools, type AiSdkToolsOptions, type AiSdkValidator, type ClientToolTypes } from "./tools.js";
export { handleAiSdkToolCall, type AiSdkToolCall, type AiSdkToolCallOptions, type AiSdkToolOutput } from "./tool-call.js";
export type { ToolCallContext, ToolCallDispatch, ToolCallFailureReason, ToolCallOutcome } from "../dispatch.js";
export { toClientToolCallState, type AiSdkPartToolName, type AiSdkToolPart } from "./call-state.js";
