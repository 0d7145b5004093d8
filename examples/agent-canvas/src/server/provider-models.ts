import Anthropic from "@anthropic-ai/sdk";
import { exportClientTools, type ToolCallReport } from "@gen-client-tools/runtime";
import { toAnthropicToolResult, toOpenAIChatToolMessage } from "@gen-client-tools/runtime/providers";
import type { RegisteredClientTool } from "@gen-client-tools/runtime/server";
import OpenAI from "openai";
import type { ChatModel, ModelMessage, ModelTurn } from "./model.js";

const SYSTEM = "You are an agent working in the user's canvas. Use the client tools to act in the user's browser.";

/** OpenAI Chat Completions with the client tools exported by the runtime. Used when OPENAI_API_KEY is set. */
export class OpenAIChatModel implements ChatModel {
  private readonly client = new OpenAI();
  constructor(private readonly model = process.env["OPENAI_MODEL"] ?? "gpt-4.1-mini") {}

  async next(messages: readonly ModelMessage[], tools: readonly RegisteredClientTool[]): Promise<ModelTurn> {
    const response = await this.client.chat.completions.create({
      model: this.model,
      tools: exportClientTools(tools, "openai-chat").tools,
      messages: [
        { role: "system", content: SYSTEM },
        ...messages.map((m): OpenAI.Chat.ChatCompletionMessageParam => {
          if (m.role === "user") return { role: "user", content: m.text };
          if (m.role === "tool") return toOpenAIChatToolMessage(m.toolCallId, reportOf(m));
          return {
            role: "assistant",
            content: m.text,
            ...(m.toolCalls.length > 0 && {
              tool_calls: m.toolCalls.map((c) => ({
                id: c.id,
                type: "function" as const,
                function: { name: c.name, arguments: c.arguments },
              })),
            }),
          };
        }),
      ],
    });
    const message = response.choices[0]?.message;
    const toolCalls = (message?.tool_calls ?? []).flatMap((c) =>
      c.type === "function" ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : [],
    );
    return { text: message?.content ?? "", toolCalls };
  }
}

/** Anthropic Messages with the client tools exported by the runtime. Used when ANTHROPIC_API_KEY is set. */
export class AnthropicModel implements ChatModel {
  private readonly client = new Anthropic();
  constructor(private readonly model = process.env["ANTHROPIC_MODEL"] ?? "claude-sonnet-4-5") {}

  async next(messages: readonly ModelMessage[], tools: readonly RegisteredClientTool[]): Promise<ModelTurn> {
    const response = await this.client.messages.create({
      model: this.model,
      max_tokens: 1024,
      system: SYSTEM,
      tools: exportClientTools(tools, "anthropic").tools,
      messages: toAnthropicMessages(messages),
    });
    let text = "";
    const toolCalls = [];
    for (const block of response.content) {
      if (block.type === "text") text += block.text;
      else if (block.type === "tool_use")
        toolCalls.push({ id: block.id, name: block.name, arguments: JSON.stringify(block.input) });
    }
    return { text, toolCalls };
  }
}

/**
 * Anthropic wants every tool result of one assistant turn in a single user message, so
 * consecutive tool messages are merged into one message of `tool_result` blocks.
 */
function toAnthropicMessages(messages: readonly ModelMessage[]): Anthropic.MessageParam[] {
  const out: Anthropic.MessageParam[] = [];
  for (const m of messages) {
    if (m.role === "user") out.push({ role: "user", content: m.text });
    else if (m.role === "assistant") {
      out.push({
        role: "assistant",
        content: [
          ...(m.text === "" ? [] : [{ type: "text" as const, text: m.text }]),
          ...m.toolCalls.map((c) => ({
            type: "tool_use" as const,
            id: c.id,
            name: c.name,
            input: JSON.parse(c.arguments) as unknown,
          })),
        ],
      });
    } else {
      const block = toAnthropicToolResult(m.toolCallId, reportOf(m));
      const last = out.at(-1);
      if (last?.role === "user" && Array.isArray(last.content) && last.content.every((b) => b.type === "tool_result"))
        last.content.push(block);
      else out.push({ role: "user", content: [block] });
    }
  }
  return out;
}

/** A tool message as the outcome the provider's result builders take: the observation text, or its error. */
function reportOf(message: Extract<ModelMessage, { role: "tool" }>): ToolCallReport {
  return message.isError ? { ok: false, message: message.content } : { ok: true, output: message.content };
}
