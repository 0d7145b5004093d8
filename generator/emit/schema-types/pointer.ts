import type { JsonObject, JsonValue } from "../../../runtime/tool-spec/types.js";

export function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `obj[key]` only when it is the object's own key: schema keys such as
 * "constructor" or "toString" must not find Object.prototype's members.
 */
export function own(obj: JsonObject, key: string): JsonValue | undefined {
  // Absent keys are the common case and need no hasOwn call.
  const value = obj[key];
  return value !== undefined && Object.hasOwn(obj, key) ? value : undefined;
}

/**
 * The reference tokens of a local `$ref` ("#" is [], "#/$defs/a~1b" is
 * ["$defs", "a/b"]), or undefined when it is not a JSON pointer fragment
 * (e.g. an anchor "#name"). A `$ref` is a URI, so the fragment is
 * percent-decoded first (RFC 6901 section 6).
 */
export function pointerTokens(ref: string): string[] | undefined {
  if (!ref.startsWith("#")) return undefined;
  let fragment = ref.slice(1);
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    // A stray "%" that is no escape: read the fragment as written.
  }
  if (fragment === "") return [];
  if (!fragment.startsWith("/")) return undefined;
  return fragment
    .slice(1)
    .split("/")
    .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** The value at `tokens` below `root`, or undefined when there is none. */
export function resolveTokens(root: JsonValue, tokens: readonly string[]): JsonValue | undefined {
  let at: JsonValue | undefined = root;
  for (const token of tokens) {
    if (Array.isArray(at)) {
      at = /^(?:0|[1-9][0-9]*)$/.test(token) ? (at as readonly JsonValue[])[Number(token)] : undefined;
    } else if (isObject(at)) {
      at = own(at, token);
    } else {
      return undefined;
    }
  }
  return at;
}
