import type { JsonObject, JsonValue } from "../util/json.js";
import { DATA_KEYWORDS, SCHEMA_MAP_KEYWORDS } from "./keywords.js";
import { walkSchema } from "./walk-schema.js";

/**
 * Calls `visit` with every `$ref` string in a schema (or a spec file) and its pointer: data is
 * skipped, and keywords no dialect knows are walked into (a `$ref` may lead there).
 */
export function forEachRef(value: JsonValue, pointer: string, visit: (ref: string, pointer: string) => void): void {
  walkSchema(
    value,
    pointer,
    {
      keyword(key, child, _kind, at) {
        if (key === "$ref" && typeof child === "string") visit(child, at());
      },
    },
    "walk",
  );
}

/**
 * Returns `value` with each `$ref` string replaced by `rewrite(ref)` where that gives a new
 * string. Subtrees without a change are shared, not copied; new objects are frozen.
 */
export function rewriteRefs(value: JsonValue, rewrite: (ref: string) => string | undefined): JsonValue {
  return rewriteIn(value, rewrite, false);
}

/** `names`: `value` is a keyword's map of names to schemas, not a schema. */
function rewriteIn(value: JsonValue, rewrite: (ref: string) => string | undefined, names: boolean): JsonValue {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const items = value as readonly JsonValue[];
    const mapped = items.map((item) => rewriteIn(item, rewrite, false));
    return mapped.some((item, i) => item !== items[i]) ? Object.freeze(mapped) : value;
  }
  const object = value as JsonObject;
  let copy: Record<string, JsonValue> | undefined;
  for (const key of Object.keys(object)) {
    const child = object[key]!;
    let next: JsonValue = child;
    if (!names && key === "$ref" && typeof child === "string") next = rewrite(child) ?? child;
    else if (names || !DATA_KEYWORDS.has(key)) next = rewriteIn(child, rewrite, !names && SCHEMA_MAP_KEYWORDS.has(key));
    if (next !== child && copy === undefined) copy = { ...object };
    if (copy !== undefined)
      Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return copy === undefined ? value : Object.freeze(copy);
}

/** The value a local JSON pointer (without "#") names inside `root`, or undefined. */
export function valueAt(root: JsonValue, tokens: readonly string[]): JsonValue | undefined {
  let current: JsonValue | undefined = root;
  for (const token of tokens) {
    if (typeof current !== "object" || current === null) return undefined;
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
      current = (current as readonly JsonValue[])[Number(token)];
    } else {
      current = Object.hasOwn(current, token) ? (current as JsonObject)[token] : undefined;
    }
  }
  return current;
}
