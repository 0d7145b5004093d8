// @gen-client-tools/runtime/langchain: the client tools as LangChain tools, whose awaited calls interrupt
// the LangGraph graph until the client answers. @langchain/core and @langchain/langgraph are peer
// dependencies of this entry.

export type { ClientToolCall } from "../../wire/deferred-calls.js";
export type { ClientToolValidators } from "../../wire/validation.js";
export type { DeferredCallDispatch, DeferredClientToolAnswer } from "../deferred-call.js";
export type { ToolCallOutcome } from "../dispatch.js";
export type { StrictOption } from "../tool-input.js";
export {
  type ClientToolGraphResult,
  clientToolCallsOfGraph,
  type InterruptLike,
  resumeClientToolCalls,
} from "./client-tool-calls.js";
export { LangChainClientTool, type LangChainToolsOptions, toLangChainTools } from "./tools.js";
