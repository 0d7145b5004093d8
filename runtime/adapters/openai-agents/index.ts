// @gen-client-tools/runtime/openai-agents: the client tools as the OpenAI Agents SDK's function tools,
// whose awaited calls stop the run until the client answers. @openai/agents is a peer dependency of this entry.

export type { ClientToolCall } from "../../wire/deferred-calls.js";
export type { ClientToolValidators } from "../../wire/validation.js";
export type { DeferredCallDispatch, DeferredClientToolAnswer } from "../deferred-call.js";
export type { ToolCallOutcome } from "../dispatch.js";
export type { StrictOption } from "../tool-input.js";
export { answerClientToolCalls, type ClientToolRunResult, clientToolCallsOfRun } from "./client-tool-calls.js";
export { type OpenAIAgentsToolsOptions, toOpenAIAgentsTools } from "./tools.js";
