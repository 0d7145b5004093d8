import { childPointer } from "../tool-spec/json-pointer.js";
import type { JsonObject, JsonValue } from "../tool-spec/types.js";
import { DATA_KEYWORDS, SCHEMA_MAP_KEYWORDS } from "./keywords.js";


/**
 * Calls `visit` with every keyword of a schema and of its subschemas, in document order: the
 * keyword, its value, and `at()`, which spells out the keyword's JSON pointer (call it during the
 * visit; it is built only then, since building every pointer would cost the sum of their lengths,
 * quadratic in the nesting depth). Values of data keywords are not walked, and names in maps of
 * names to schemas are not taken for keywords (a property called "default" holds a schema). When `visit` returns false, the walk does not go
 * into that keyword's value. `names`: `value` itself is such a map.
 */
export function forEachKeyword(
  value: JsonValue,
  pointer: string,
  visit: (keyword: string, value: JsonValue, at: () => string) => boolean,
  names = false,
): void {
  const path: (string | number)[] = [];
  const at = (): string => path.reduce<string>(childPointer, pointer);
  const walk = (node: JsonValue, names: boolean): void => {
    if (typeof node !== "object" || node === null) return;
    if (Array.isArray(node)) {
      const items = node as readonly JsonValue[];
      for (let i = 0; i < items.length; i++) {
        path.push(i);
        walk(items[i]!, false);
        path.pop();
      }
      return;
    }
    const object = node as JsonObject;
    const keys = Object.keys(object);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const child = object[key]!;
      path.push(key);
      if (names) walk(child, false);
      else if (visit(key, child, at) && !DATA_KEYWORDS.has(key)) walk(child, SCHEMA_MAP_KEYWORDS.has(key));
      path.pop();
    }
  };
  walk(value, names);
}

/** Calls `visit` with every `$ref` string in a schema and its pointer (skipping data keywords). */
export function forEachRef(value: JsonValue, pointer: string, visit: (ref: string, pointer: string) => void): void {
  forEachKeyword(value, pointer, (keyword, child, at) => {
    if (keyword !== "$ref" || typeof child !== "string") return true;
    visit(child, at());
    return false;
  });
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
    if (copy !== undefined) Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
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
