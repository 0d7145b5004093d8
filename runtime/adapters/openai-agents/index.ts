// @gen-client-tools/runtime/openai-agents: the client tools as the OpenAI Agents SDK's function tools,
// whose awaited calls stop the run until the client answers. @openai/agents is a peer dependency of this entry.
export { toOpenAIAgentsTools, type OpenAIAgentsToolsOptions } from "./tools.js";
export { answerClientToolCalls, clientToolCalls, type ClientToolRunResult } from "./client-tool-calls.js";
export type { ClientToolCall, DeferredCallDispatch, DeferredClientToolAnswer } from "../deferred-call.js";
export type { ClientToolValidators, StrictOption } from "../tool-input.js";
export type { ToolCallOutcome } from "../dispatch.js";
