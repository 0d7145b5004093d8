import { pointerTokens } from "../schema/json-pointer.js";
import type { JsonValue } from "../util/json.js";
import type { StreamingCallOf } from "./call-state.js";
import { mayListValuesAt } from "./listed-values.js";

// The state of a call whose arguments stream in, built from one snapshot of them.

/**
 * The value without the string or number being read where the schema lists the values it may
 * take: `"te"` is not one of `"teal" | "coral"`, so it shows once it is whole. The containers on
 * the way to it are the parser's copies, which no one else holds.
 */
export function withoutUnlisted(value: unknown, open: string, parameters: JsonValue): unknown {
  const tokens = pointerTokens(open);
  let holder: unknown;
  let part = value;
  for (const token of tokens) {
    holder = part;
    part = (part as Record<string, unknown>)[token];
  }
  if ((typeof part !== "string" && typeof part !== "number") || !mayListValuesAt(parameters, tokens)) return value;
  if (holder === undefined) return undefined;
  if (Array.isArray(holder)) holder.pop();
  else delete (holder as Record<string, unknown>)[tokens.at(-1)!];
  return value;
}

export function streamingState(
  toolCallId: string,
  toolName: string,
  args: unknown,
  open: string | undefined,
): StreamingCallOf<string, unknown> {
  return {
    status: "input-streaming",
    toolCallId,
    toolName,
    args,
    isFinal: (pointer: string) => {
      if (args === undefined || (open !== undefined && (open === pointer || open.startsWith(`${pointer}/`))))
        return false;
      let part: unknown = args;
      for (const token of pointerTokens(pointer)) {
        if (typeof part !== "object" || part === null || !Object.hasOwn(part, token)) return false;
        part = (part as Record<string, unknown>)[token];
      }
      return true;
    },
  } as StreamingCallOf<string, unknown>;
}
