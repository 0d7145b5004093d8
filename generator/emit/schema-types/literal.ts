import type { JsonObject, JsonValue } from "../../../runtime/spec/types.js";
import { propertyKey, tsString } from "../escape.js";
import { kindOfValue, type Kinds } from "./kinds.js";
import { own } from "./pointer.js";
import { unionOf, type Ty } from "./ty.js";

/**
 * The type of `const` or `enum` (const wins: it is the narrower of the two, and
 * a superset is always sound), keeping only values of the allowed kinds;
 * undefined when the schema has neither keyword.
 */
export function literalUnion(schema: JsonObject, kinds: Kinds): Ty | undefined {
  const constValue = own(schema, "const");
  const enumValues = own(schema, "enum");
  let values: readonly JsonValue[];
  if (constValue !== undefined) values = [constValue];
  else if (Array.isArray(enumValues)) values = enumValues as readonly JsonValue[];
  else return undefined;
  return unionOf(
    values
      .filter((v) => (kindOfValue(v) & kinds) !== 0)
      .map((v) => ({ text: literalType(v), binding: Array.isArray(v) ? "operator" : "primary" })),
  );
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
