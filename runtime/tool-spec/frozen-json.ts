import { childPointer } from "../schema/json-pointer.js";
import { setOwnKey } from "../schema/own-key.js";
import type { JsonValue, SpecProblem } from "../util/json.js";

/** Deeper than this, input is refused rather than risking the stack. */
export const MAX_JSON_DEPTH = 1500;

/**
 * Returns `value` as deep-frozen JSON. Input that is already deep-frozen (the generator's
 * output) is returned as it is; anything else is copied, so the caller's objects are never
 * frozen under them. Values JSON cannot hold (undefined, functions, NaN, Infinity, cycles, class instances) are
 * reported as problems at their pointer. `shape.deepest` is set to the deepest nesting of objects and arrays seen (the
 * root's is 0), so that rules on depth need no walk of their own.
 */
export function toFrozenJson(
  value: unknown,
  pointer: string,
  problems: SpecProblem[],
  shape?: { deepest: number },
): JsonValue {
  const place: Place = { base: pointer, path: [], deepest: 0 };
  const frozen = walk(value, place, problems, new Set(), 0);
  if (shape !== undefined) shape.deepest = place.deepest;
  return frozen;
}

/**
 * Where the walk is: the pointer is only spelled out for a problem. Building it for every
 * value would cost the sum of all pointer lengths, quadratic in the nesting depth.
 */
interface Place {
  readonly base: string;
  readonly path: (string | number)[];
  /** The deepest nesting of objects and arrays so far. */
  deepest: number;
}

function pointerOf(place: Place): string {
  return place.path.reduce<string>(childPointer, place.base);
}

function walk(value: unknown, place: Place, problems: SpecProblem[], ancestors: Set<object>, depth: number): JsonValue {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      if (Number.isFinite(value)) return value;
      problems.push({ pointer: pointerOf(place), message: `${value} is not a JSON number: use a finite number` });
      return null;
    case "object":
      break;
    default:
      problems.push({
        pointer: pointerOf(place),
        message: `a ${typeof value} is not JSON: use a string, number, boolean, null, array or object`,
      });
      return null;
  }
  if (value === null) return null;
  if (depth >= MAX_JSON_DEPTH) {
    problems.push({
      pointer: pointerOf(place),
      message: `nested deeper than ${MAX_JSON_DEPTH} levels: flatten the schema or use $ref`,
    });
    return null;
  }
  if (depth > place.deepest) place.deepest = depth;
  if (ancestors.has(value)) {
    problems.push({
      pointer: pointerOf(place),
      message: "the value contains itself (a cycle): JSON cannot hold cycles, use $ref",
    });
    return null;
  }
  ancestors.add(value);
  try {
    if (Array.isArray(value)) return walkArray(value, place, problems, ancestors, depth);
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) {
      problems.push({ pointer: pointerOf(place), message: "a class instance is not JSON: use a plain object" });
      return null;
    }
    return walkObject(value as Record<string, unknown>, place, problems, ancestors, depth);
  } finally {
    ancestors.delete(value);
  }
}

function walkArray(
  value: readonly unknown[],
  place: Place,
  problems: SpecProblem[],
  ancestors: Set<object>,
  depth: number,
): JsonValue {
  let copy: JsonValue[] | undefined = Object.isFrozen(value) ? undefined : new Array<JsonValue>(value.length);
  for (let i = 0; i < value.length; i++) {
    place.path.push(i);
    const item = walk(value[i], place, problems, ancestors, depth + 1);
    place.path.pop();
    if (copy === undefined && item !== value[i]) copy = value.slice(0, i) as JsonValue[];
    if (copy !== undefined) copy[i] = item;
  }
  return copy === undefined ? (value as readonly JsonValue[]) : Object.freeze(copy);
}

function walkObject(
  value: Record<string, unknown>,
  place: Place,
  problems: SpecProblem[],
  ancestors: Set<object>,
  depth: number,
): JsonValue {
  const keys = Object.keys(value);
  let copy: Record<string, JsonValue> | undefined = Object.isFrozen(value) ? undefined : {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const original = value[key];
    place.path.push(key);
    const item = walk(original, place, problems, ancestors, depth + 1);
    place.path.pop();
    if (copy === undefined && item !== original) {
      copy = {};
      for (let j = 0; j < i; j++) setOwnKey(copy, keys[j]!, value[keys[j]!] as JsonValue);
    }
    if (copy !== undefined) setOwnKey(copy, key, item);
  }
  return copy === undefined ? (value as JsonValue) : Object.freeze(copy);
}
