import { childPointer } from "../tool-spec/json-pointer.js";
import type { JsonObject, JsonValue } from "../tool-spec/types.js";

/** Keywords whose value is one subschema (draft-07 and 2020-12). */
const SINGLE = [
  "additionalProperties",
  "additionalItems",
  "items",
  "contains",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
] as const;
/** Keywords whose value is an array of subschemas (`items` too, in draft-07's tuple form). */
const LIST = ["allOf", "anyOf", "oneOf", "prefixItems", "items"] as const;
/** Keywords whose value maps names to subschemas (draft-07 `dependencies` also holds arrays, which are skipped). */
const MAP = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"] as const;

/**
 * Calls `visit` with each direct subschema of `schema` that is an object (boolean schemas
 * have nothing to check), with its pointer. Keywords a draft does not know are not looked
 * into: their values are data, not schemas.
 */
export function forEachSubschema(schema: JsonObject, pointer: string, visit: (subschema: JsonObject, pointer: string) => void): void {
  for (const keyword of SINGLE) {
    const value = own(schema, keyword);
    if (isJsonObject(value)) visit(value, childPointer(pointer, keyword));
  }
  for (const keyword of LIST) {
    const value = own(schema, keyword);
    if (!Array.isArray(value)) continue;
    const base = childPointer(pointer, keyword);
    value.forEach((item: JsonValue, i) => {
      if (isJsonObject(item)) visit(item, childPointer(base, i));
    });
  }
  for (const keyword of MAP) {
    const value = own(schema, keyword);
    if (!isJsonObject(value)) continue;
    const base = childPointer(pointer, keyword);
    for (const [name, item] of Object.entries(value)) {
      if (isJsonObject(item)) visit(item, childPointer(base, name));
    }
  }
}

/** An object schema: `type` is or includes "object", or there is no `type` but there are `properties`. */
export function isObjectSchema(schema: JsonObject): boolean {
  const type = own(schema, "type");
  if (type === undefined) return Object.hasOwn(schema, "properties");
  return type === "object" || (Array.isArray(type) && type.includes("object"));
}

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A keyword's value, own keys only (a schema has no `constructor` keyword just because objects do). */
export function own(schema: JsonObject, keyword: string): JsonValue | undefined {
  return Object.hasOwn(schema, keyword) ? schema[keyword] : undefined;
}
