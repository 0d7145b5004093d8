// Each parser takes the provider SDK's own call type, and each builder's value is the SDK's own
// message or part type, with no cast.
import type { ContentBlock, ContentBlockParam, ToolUseBlock } from "@anthropic-ai/sdk/resources/messages";
import type { FunctionCall, Part } from "@google/genai";
import type { ChatCompletionMessage, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { ResponseInputItem, ResponseOutputItem } from "openai/resources/responses/responses";
import { expectTypeOf } from "vitest";
import { fromAnthropicToolUse, toAnthropicToolResult } from "./anthropic.js";
import { fromGeminiFunctionCall, toGeminiFunctionResponse } from "./gemini.js";
import { fromOpenAIChatToolCall, toOpenAIChatToolMessage } from "./openai-chat.js";
import { fromResponsesFunctionCall, toResponsesFunctionCallOutput } from "./openai-responses.js";
import type { ToolCallReading } from "./tool-call.js";

declare const chatMessage: ChatCompletionMessage;
declare const outputItem: ResponseOutputItem;
declare const block: ContentBlock;
declare const part: Part;
declare const geminiCall: FunctionCall;
declare const toolUse: ToolUseBlock;

const report = { ok: true, output: "Tool call dispatched to client." } as const;

for (const call of chatMessage.tool_calls ?? []) {
  expectTypeOf(fromOpenAIChatToolCall(call)).toEqualTypeOf<ToolCallReading>();
  const answer: ChatCompletionMessageParam = toOpenAIChatToolMessage(call.id, report);
  void answer;
}
if (outputItem.type === "function_call") {
  fromResponsesFunctionCall(outputItem);
  const answer: ResponseInputItem = toResponsesFunctionCallOutput(outputItem.call_id, report);
  void answer;
}
if (block.type === "tool_use") {
  fromAnthropicToolUse(block);
  const answer: ContentBlockParam = toAnthropicToolResult(block.id, { ok: false, message: "no" });
  void answer;
}
fromAnthropicToolUse(toolUse);
if (part.functionCall !== undefined) {
  expectTypeOf(fromGeminiFunctionCall(part.functionCall)).toEqualTypeOf<ToolCallReading<string | undefined>>();
}
const geminiReading = fromGeminiFunctionCall(geminiCall);
const answerPart: Part = toGeminiFunctionResponse({ id: geminiReading.toolCallId, name: geminiReading.name }, report);
void answerPart;
