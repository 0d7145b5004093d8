import { childPointer } from "./json-pointer.js";
import type { JsonObject, JsonValue } from "./types.js";

/** Keywords whose values are data, not schemas: a "$ref" inside them is not a reference. */
export const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples"]);

/** Calls `visit` with every `$ref` string in a schema and its pointer (skipping data keywords). */
export function forEachRef(value: JsonValue, pointer: string, visit: (ref: string, pointer: string) => void): void {
  // The path is spelled out as a pointer only at a $ref: building one for every value would
  // cost the sum of all pointer lengths, quadratic in the nesting depth.
  const path: (string | number)[] = [];
  const walk = (node: JsonValue): void => {
    if (typeof node !== "object" || node === null) return;
    if (Array.isArray(node)) {
      (node as readonly JsonValue[]).forEach((item, i) => {
        path.push(i);
        walk(item);
        path.pop();
      });
      return;
    }
    const object = node as JsonObject;
    for (const key of Object.keys(object)) {
      const child = object[key]!;
      path.push(key);
      if (key === "$ref" && typeof child === "string") visit(child, path.reduce<string>(childPointer, pointer));
      else if (!DATA_KEYWORDS.has(key)) walk(child);
      path.pop();
    }
  };
  walk(value);
}

/**
 * Returns `value` with each `$ref` string replaced by `rewrite(ref)` where that gives a new
 * string. Subtrees without a change are shared, not copied; new objects are frozen.
 */
export function rewriteRefs(value: JsonValue, rewrite: (ref: string) => string | undefined): JsonValue {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const items = value as readonly JsonValue[];
    const mapped = items.map((item) => rewriteRefs(item, rewrite));
    return mapped.some((item, i) => item !== items[i]) ? Object.freeze(mapped) : value;
  }
  const object = value as JsonObject;
  let copy: Record<string, JsonValue> | undefined;
  for (const key of Object.keys(object)) {
    const child = object[key]!;
    let next: JsonValue = child;
    if (key === "$ref" && typeof child === "string") next = rewrite(child) ?? child;
    else if (!DATA_KEYWORDS.has(key)) next = rewriteRefs(child, rewrite);
    if (next !== child && copy === undefined) copy = { ...object };
    if (copy !== undefined) Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return copy === undefined ? value : Object.freeze(copy);
}

/** The value a local JSON pointer (without "#") names inside `root`, or undefined. */
export function valueAtPointer(root: JsonValue, tokens: readonly string[]): JsonValue | undefined {
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
