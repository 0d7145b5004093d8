import { isJsonObject } from "../util/guards.js";
import type { JsonObject, JsonValue } from "../util/json.js";
import { own } from "./subschemas.js";

/**
 * The reference tokens of a local `$ref` ("#" is [], "#/$defs/a~1b" is ["$defs", "a/b"]), or
 * undefined when it is not a JSON pointer fragment (an anchor "#name", another document). A
 * `$ref` is a URI, so the fragment is percent-decoded first (RFC 6901 section 6); a stray "%"
 * that is no escape is read as written.
 */
export function refTokens(ref: string): string[] | undefined {
  if (!ref.startsWith("#")) return undefined;
  let fragment = ref.slice(1);
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    // read as written
  }
  if (fragment === "") return [];
  if (!fragment.startsWith("/")) return undefined;
  return fragment
    .slice(1)
    .split("/")
    .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** The schema a local `$ref` points at (its tokens as `refTokens` reads them), or undefined. */
export function resolveLocal(root: JsonObject, ref: string): JsonValue | undefined {
  const tokens = refTokens(ref);
  if (tokens === undefined) return undefined;
  let node: JsonValue | undefined = root;
  for (const token of tokens) node = isJsonObject(node) ? own(node, token) : undefined;
  return node;
}
