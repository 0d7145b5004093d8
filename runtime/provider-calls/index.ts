// Provider tool calls in, provider tool results out: each provider's shapes, for the generated
// `dispatchToolCall` between them. Browser-safe.
export { readToolCallArguments, type ParsedToolCall, type ToolCallReading, type ToolCallReport, type UnreadableToolCall } from "./tool-call.js";
export { fromOpenAIChatToolCall, toOpenAIChatToolMessage, type OpenAIChatToolCall, type OpenAIChatToolMessage } from "./openai-chat.js";
export { fromResponsesFunctionCall, toResponsesFunctionCallOutput, type ResponsesFunctionCall, type ResponsesFunctionCallOutput } from "./openai-responses.js";
export { fromAnthropicToolUse, toAnthropicToolResult, type AnthropicToolResult, type AnthropicToolUse } from "./anthropic.js";
export { fromGeminiFunctionCall, toGeminiFunctionResponse, type GeminiFunctionCall, type GeminiFunctionResponsePart } from "./gemini.js";
