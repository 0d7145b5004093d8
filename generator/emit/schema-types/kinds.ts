import type { JsonValue } from "@gen-client-tools/runtime/core";

/**
 * A set of JSON instance kinds as bit flags. Numbers are split into integers
 * and the rest, so `type: "integer"` can drop `1.5` from an enum while both
 * still become `number` in TypeScript.
 */
export type Kinds = number;

export const STRING = 1;
export const INTEGER = 2;
export const FRACTION = 4;
export const BOOLEAN = 8;
export const OBJECT = 16;
export const ARRAY = 32;
export const NULL = 64;
export const ALL_KINDS: Kinds = 127;
export const NUMBER = INTEGER | FRACTION;

const BY_TYPE_NAME: ReadonlyMap<JsonValue, Kinds> = new Map([
  ["string", STRING],
  ["integer", INTEGER],
  ["number", NUMBER],
  ["boolean", BOOLEAN],
  ["object", OBJECT],
  ["array", ARRAY],
  ["null", NULL],
]);

/** The kinds a `type` keyword allows; all kinds when it is absent. */
export function kindsOfType(type: JsonValue | undefined): Kinds {
  if (type === undefined) return ALL_KINDS;
  if (Array.isArray(type))
    return (type as readonly JsonValue[]).reduce<Kinds>((k, t) => k | (BY_TYPE_NAME.get(t) ?? 0), 0);
  return BY_TYPE_NAME.get(type) ?? 0;
}

/** The one kind a JSON value belongs to. */
export function kindOfValue(value: JsonValue): Kinds {
  if (value === null) return NULL;
  if (typeof value === "string") return STRING;
  if (typeof value === "number") return Number.isInteger(value) ? INTEGER : FRACTION;
  if (typeof value === "boolean") return BOOLEAN;
  return Array.isArray(value) ? ARRAY : OBJECT;
}
