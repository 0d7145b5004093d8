import { outputText, readToolCallArguments, type ToolCallReading, type ToolCallReport } from "./tool-call.js";

/** A tool call in an OpenAI Chat Completions assistant message (`message.tool_calls[i]`). */
export type OpenAIChatToolCall =
  | {
      readonly id: string;
      readonly type: "function";
      readonly function: { readonly name: string; readonly arguments: string };
    }
  | {
      readonly id: string;
      readonly type: "custom";
      readonly custom: { readonly name: string; readonly input: string };
    };

/** The `tool` message that answers a Chat Completions tool call. */
export interface OpenAIChatToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string;
}

/** Reads a Chat Completions tool call; a custom (free-text) tool call is refused, as no client tool takes one. */
export function fromOpenAIChatToolCall(call: OpenAIChatToolCall): ToolCallReading {
  if (call.type !== "function") {
    const { name } = call.custom;
    return {
      ok: false,
      toolCallId: call.id,
      name,
      reason: "invalid_arguments",
      message: `${name} was called as a custom tool; client tools take JSON arguments.`,
    };
  }
  return readToolCallArguments(call.id, call.function.name, call.function.arguments);
}

/**
 * The tool message for a call's outcome: the output as text; a failure as "Error: …", since the API has no error flag.
 */
export function toOpenAIChatToolMessage(toolCallId: string, report: ToolCallReport): OpenAIChatToolMessage {
  return {
    role: "tool",
    tool_call_id: toolCallId,
    content: report.ok ? outputText(report.output) : `Error: ${report.message}`,
  };
}
