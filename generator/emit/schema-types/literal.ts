import type { JsonObject, JsonValue } from "@gen-client-tools/runtime/core";
import { propertyKey, tsString } from "../escape.js";
import type { Keywords } from "./keywords.js";
import { type Kinds, kindOfValue } from "./kinds.js";
import { type Ty, unionOf } from "./ty.js";

/**
 * The type of `const` or `enum` (const wins: it is the narrower of the two, and
 * a superset is always sound), keeping only values of the allowed kinds;
 * undefined when the schema has neither keyword.
 */
export function literalUnion(keywords: Keywords, kinds: Kinds): Ty | undefined {
  let values: readonly JsonValue[];
  if (keywords.const !== undefined) values = [keywords.const];
  else if (Array.isArray(keywords.enum)) values = keywords.enum as readonly JsonValue[];
  else return undefined;
  const members: Ty[] = [];
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if ((kindOfValue(value) & kinds) !== 0)
      members.push({ text: literalType(value), binding: Array.isArray(value) ? "operator" : "primary" });
  }
  return unionOf(members);
}

/**
 * The exact type of one JSON value. Arrays and objects become readonly
 * structural types: a constant is never written to. An object literal type
 * lists its keys only; an empty one would be `{}` (any non-nullish value), so
 * it is spelled as the object type that admits no key.
 */
export function literalType(value: JsonValue): string {
  if (value === null || typeof value === "boolean" || typeof value === "number") return String(value);
  if (typeof value === "string") return tsString(value);
  if (Array.isArray(value)) return `readonly [${(value as readonly JsonValue[]).map(literalType).join(", ")}]`;
  const entries = Object.entries(value as JsonObject);
  if (entries.length === 0) return "{ readonly [key: string]: never }";
  return `{ ${entries.map(([k, v]) => `readonly ${propertyKey(k)}: ${literalType(v)};`).join(" ")} }`;
}
