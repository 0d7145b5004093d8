import { childPointer } from "../schema/json-pointer.js";
import { isJsonObject } from "../util/guards.js";
import type { JsonObject, JsonValue } from "../util/json.js";

/** Where two JSON values first differ, and what each holds there (`undefined`: absent on that side). */
export interface JsonDifference {
  readonly pointer: string;
  readonly left: JsonValue | undefined;
  readonly right: JsonValue | undefined;
}

/**
 * The first place where two JSON values differ, or undefined when they are the same JSON.
 * "Same" is what the fingerprint means by it: key order is ignored, array order is not, and
 * numbers compare by value. Keys are visited in RFC 8785 order (UTF-16 code units), so the
 * first difference is the one that comes first in the canonical text.
 */
export function findFirstDifference(
  left: JsonValue | undefined,
  right: JsonValue | undefined,
  pointer = "",
): JsonDifference | undefined {
  if (left === right) return undefined;
  if (isArray(left) && isArray(right)) return arrayDifference(left, right, pointer);
  if (isJsonObject(left) && isJsonObject(right)) return objectDifference(left, right, pointer);
  return { pointer, left, right };
}

function arrayDifference(
  left: readonly JsonValue[],
  right: readonly JsonValue[],
  pointer: string,
): JsonDifference | undefined {
  const length = Math.max(left.length, right.length);
  for (let i = 0; i < length; i++) {
    const difference = findFirstDifference(left[i], right[i], childPointer(pointer, i));
    if (difference !== undefined) return difference;
  }
  return undefined;
}

function objectDifference(left: JsonObject, right: JsonObject, pointer: string): JsonDifference | undefined {
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])].sort();
  for (const key of keys) {
    const difference = findFirstDifference(ownValue(left, key), ownValue(right, key), childPointer(pointer, key));
    if (difference !== undefined) return difference;
  }
  return undefined;
}

/** Own keys only: a schema without "constructor" must not find Object.prototype.constructor. */
function ownValue(object: JsonObject, key: string): JsonValue | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function isArray(value: JsonValue | undefined): value is readonly JsonValue[] {
  return Array.isArray(value);
}
