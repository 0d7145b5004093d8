import { childPointer, pointerTokens } from "../schema/json-pointer.js";
import type { JsonValue } from "../util/json.js";
import type { ClientCallCancelled, ClientCallPrivateInputFailed } from "../wire/outcome.js";
import type { PrivateInputHandler, PrivateInputHandlers } from "../wire/private-input-call.js";
import type { ValidationProblem } from "../wire/validation.js";

/** The prompt was dismissed: whatever the client said of it is not passed on. */
export const PRIVATE_INPUT_DISMISSED: ClientCallCancelled = Object.freeze({
  status: "cancelled",
  reason: "the user dismissed the prompt",
  dismissed: true,
});
export const PRIVATE_INPUT_INVALID: ClientCallPrivateInputFailed = Object.freeze({
  status: "private_input_failed",
  reason: "invalid",
});
export const PRIVATE_INPUT_UNUSABLE: ClientCallPrivateInputFailed = Object.freeze({
  status: "private_input_failed",
  reason: "unusable",
});

/** The handler of a tool, own (never one of Object.prototype's, such as `toString`). */
export function privateInputHandlerOf(
  handlers: PrivateInputHandlers | undefined,
  toolName: string,
): PrivateInputHandler | undefined {
  if (handlers === undefined || !Object.hasOwn(handlers, toolName)) return undefined;
  const handler = handlers[toolName];
  return typeof handler === "function" ? handler : undefined;
}

/**
 * Problems with a private input as they may be shown: a pointer keeps the property names the
 * schema declares and array indices, and shows any other key (which the user typed, and may be
 * part of the secret) as `*`. Messages are ajv's, which name rules, never values.
 */
export function shownProblems(problems: readonly ValidationProblem[], schema: JsonValue): ValidationProblem[] {
  const declared = declaredNames(schema, new Set());
  return problems.map(({ pointer, message }) => ({
    pointer: pointerTokens(pointer).reduce<string>(
      (shown, token) => childPointer(shown, declared.has(token) || /^(0|[1-9][0-9]*)$/.test(token) ? token : "*"),
      "",
    ),
    message,
  }));
}

function declaredNames(schema: JsonValue, names: Set<string>): Set<string> {
  if (typeof schema !== "object" || schema === null) return names;
  if (Array.isArray(schema)) {
    for (const item of schema) declaredNames(item, names);
    return names;
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key === "properties" && typeof value === "object" && value !== null && !Array.isArray(value))
      for (const name of Object.keys(value)) names.add(name);
    if (key === "required" && Array.isArray(value))
      for (const name of value) if (typeof name === "string") names.add(name);
    declaredNames(value, names);
  }
  return names;
}
