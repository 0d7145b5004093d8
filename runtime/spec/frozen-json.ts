import { childPointer } from "./json-pointer.js";
import type { JsonValue, SpecProblem } from "./types.js";

/** Deeper than this, input is refused rather than risking the stack. */
export const MAX_JSON_DEPTH = 1500;

/**
 * Returns `value` as deep-frozen JSON. Input that is already deep-frozen (the generator's
 * output) is returned as it is; anything else is copied, so the caller's objects are never
 * frozen under them. Values JSON cannot hold (undefined, functions, NaN, Infinity, cycles,
 * class instances) are reported as problems at their pointer.
 */
export function toFrozenJson(value: unknown, pointer: string, problems: SpecProblem[]): JsonValue {
  return walk(value, pointer, problems, new Set(), 0);
}

function walk(value: unknown, pointer: string, problems: SpecProblem[], ancestors: Set<object>, depth: number): JsonValue {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      if (Number.isFinite(value)) return value;
      problems.push({ pointer, message: `${value} is not a JSON number: use a finite number` });
      return null;
    case "object":
      break;
    default:
      problems.push({ pointer, message: `a ${typeof value} is not JSON: use a string, number, boolean, null, array or object` });
      return null;
  }
  if (value === null) return null;
  if (depth >= MAX_JSON_DEPTH) {
    problems.push({ pointer, message: `nested deeper than ${MAX_JSON_DEPTH} levels: flatten the schema or use $ref` });
    return null;
  }
  if (ancestors.has(value)) {
    problems.push({ pointer, message: "the value contains itself (a cycle): JSON cannot hold cycles, use $ref" });
    return null;
  }
  ancestors.add(value);
  try {
    if (Array.isArray(value)) return walkArray(value, pointer, problems, ancestors, depth);
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) {
      problems.push({ pointer, message: "a class instance is not JSON: use a plain object" });
      return null;
    }
    return walkObject(value as Record<string, unknown>, pointer, problems, ancestors, depth);
  } finally {
    ancestors.delete(value);
  }
}

function walkArray(value: readonly unknown[], pointer: string, problems: SpecProblem[], ancestors: Set<object>, depth: number): JsonValue {
  let copy: JsonValue[] | undefined = Object.isFrozen(value) ? undefined : new Array<JsonValue>(value.length);
  for (let i = 0; i < value.length; i++) {
    const item = walk(value[i], childPointer(pointer, i), problems, ancestors, depth + 1);
    if (copy === undefined && item !== value[i]) copy = value.slice(0, i) as JsonValue[];
    if (copy !== undefined) copy[i] = item;
  }
  return copy === undefined ? (value as readonly JsonValue[]) : Object.freeze(copy);
}

function walkObject(value: Record<string, unknown>, pointer: string, problems: SpecProblem[], ancestors: Set<object>, depth: number): JsonValue {
  const keys = Object.keys(value);
  let copy: Record<string, JsonValue> | undefined = Object.isFrozen(value) ? undefined : {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const original = value[key];
    const item = walk(original, childPointer(pointer, key), problems, ancestors, depth + 1);
    if (copy === undefined && item !== original) {
      copy = {};
      for (let j = 0; j < i; j++) defineKey(copy, keys[j]!, value[keys[j]!] as JsonValue);
    }
    if (copy !== undefined) defineKey(copy, key, item);
  }
  return copy === undefined ? (value as JsonValue) : Object.freeze(copy);
}

/** defineProperty, not assignment: a key named "__proto__" must stay a plain own key. */
function defineKey(target: Record<string, JsonValue>, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
