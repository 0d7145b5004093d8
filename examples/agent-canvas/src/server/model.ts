import type { RegisteredClientTool } from "@gen-client-tools/runtime/server";

/** One message of the conversation as the model sees it. */
export type ModelMessage =
  | { readonly role: "user"; readonly text: string }
  | { readonly role: "assistant"; readonly text: string; readonly toolCalls: readonly ModelToolCall[] }
  | {
      readonly role: "tool";
      readonly toolCallId: string;
      readonly name: string;
      readonly content: string;
      readonly isError: boolean;
    };

/** A tool call as the model makes it: `arguments` is the raw JSON string. */
export interface ModelToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

/** What the model answers for one turn: text, tool calls, or both. */
export interface ModelTurn {
  readonly text: string;
  readonly toolCalls: readonly ModelToolCall[];
}

/** The agent's model: the scripted one for tests and demos, or a real provider. */
export interface ChatModel {
  next(messages: readonly ModelMessage[], tools: readonly RegisteredClientTool[]): Promise<ModelTurn>;
}
