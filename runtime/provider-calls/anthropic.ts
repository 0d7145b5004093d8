import { outputText, readArgumentObject, type ToolCallReading, type ToolCallReport } from "./tool-call.js";

/** A `tool_use` content block of an Anthropic assistant message. */
export interface AnthropicToolUse {
  readonly type: "tool_use";
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}

/** The `tool_result` content block that answers it, in the next user message. */
export interface AnthropicToolResult {
  type: "tool_result";
  tool_use_id: string;
  content: string;
  is_error?: boolean;
}

/** Reads an Anthropic tool use block (its input arrives parsed). */
export function fromAnthropicToolUse(block: AnthropicToolUse): ToolCallReading {
  return readArgumentObject(block.id, block.name, block.input);
}

/** The tool result block for a call's outcome; a failure is the message with `is_error`, as the API asks. */
export function toAnthropicToolResult(toolUseId: string, report: ToolCallReport): AnthropicToolResult {
  if (!report.ok) return { type: "tool_result", tool_use_id: toolUseId, content: report.message, is_error: true };
  return { type: "tool_result", tool_use_id: toolUseId, content: outputText(report.output) };
}
