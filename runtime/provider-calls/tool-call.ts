import type { JsonObject } from "../util/json.js";

/** A provider's tool call, read: its id, the tool's name and the arguments as an object. */
export interface ParsedToolCall<Id extends string | undefined = string> {
  readonly ok: true;
  readonly toolCallId: Id;
  readonly name: string;
  readonly args: JsonObject;
}

/** A provider's tool call whose arguments could not be read; `message` is written for the model. */
export interface UnreadableToolCall<Id extends string | undefined = string> {
  readonly ok: false;
  readonly toolCallId: Id;
  readonly name: string;
  readonly reason: "invalid_json" | "invalid_arguments";
  readonly message: string;
}

/** What a `from…` parser gives: never a throw, for whatever the model wrote. */
export type ToolCallReading<Id extends string | undefined = string> = ParsedToolCall<Id> | UnreadableToolCall<Id>;

/**
 * How a client tool's call ended, as the generated `dispatchToolCall` resolves (or as a server
 * reports an awaited call): the `output` for the model, or the failure's `message`.
 */
export type ToolCallReport =
  | { readonly ok: true; readonly output: unknown }
  | { readonly ok: false; readonly message: string };

/**
 * Reads arguments that arrive as the model's JSON text, from any provider (empty text is no arguments, as providers
 * send it).
 */
export function readToolCallArguments<Id extends string | undefined>(
  toolCallId: Id,
  name: string,
  text: string,
): ToolCallReading<Id> {
  if (text.trim() === "") return { ok: true, toolCallId, name, args: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      toolCallId,
      name,
      reason: "invalid_json",
      message: `The arguments for ${name} are not valid JSON: ${detail}.`,
    };
  }
  return readArgumentObject(toolCallId, name, value);
}

/** Takes arguments that arrive already parsed, once they are known to be an object. */
export function readArgumentObject<Id extends string | undefined>(
  toolCallId: Id,
  name: string,
  value: unknown,
): ToolCallReading<Id> {
  if (value === undefined) return { ok: true, toolCallId, name, args: {} };
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return {
      ok: false,
      toolCallId,
      name,
      reason: "invalid_arguments",
      message: `The arguments for ${name} must be a JSON object.`,
    };
  }
  return { ok: true, toolCallId, name, args: value as JsonObject };
}

/**
 * The output as text for a provider that takes text: a string as it is (the acknowledgement), anything else as JSON.
 */
export function outputText(output: unknown): string {
  if (typeof output === "string") return output;
  return JSON.stringify(output) ?? "null";
}
