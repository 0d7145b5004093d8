// @gen-client-tools/runtime/providers: each LLM provider's own shapes: the tools `exportClientTools`
// makes for it, and its tool calls in and tool results out. Browser-safe.

export type { AgUiTool } from "./export/ag-ui.js";
export type { AnthropicTool } from "./export/anthropic.js";
export type { GeminiFunctionDeclaration } from "./export/gemini.js";
export { geminiLegacyParametersLoss } from "./export/gemini-legacy.js";
export type { McpObjectSchema, McpTool } from "./export/mcp.js";
export type { OpenAIChatTool } from "./export/openai-chat.js";
export type { OpenAIResponsesTool } from "./export/openai-responses.js";
export type { AnthropicToolResult, AnthropicToolUse } from "./provider-calls/anthropic.js";
export { fromAnthropicToolUse, toAnthropicToolResult } from "./provider-calls/anthropic.js";
export type { GeminiFunctionCall, GeminiFunctionResponsePart } from "./provider-calls/gemini.js";
export { fromGeminiFunctionCall, toGeminiFunctionResponse } from "./provider-calls/gemini.js";
export type { OpenAIChatToolCall, OpenAIChatToolMessage } from "./provider-calls/openai-chat.js";
export { fromOpenAIChatToolCall, toOpenAIChatToolMessage } from "./provider-calls/openai-chat.js";
export type { ResponsesFunctionCall, ResponsesFunctionCallOutput } from "./provider-calls/openai-responses.js";
export { fromResponsesFunctionCall, toResponsesFunctionCallOutput } from "./provider-calls/openai-responses.js";
