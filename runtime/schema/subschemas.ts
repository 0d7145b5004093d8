import { isJsonObject } from "../util/guards.js";
import type { JsonObject, JsonValue } from "../util/json.js";
import { childPointer } from "./json-pointer.js";
import { SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS, SINGLE_SCHEMA_KEYWORDS } from "./keywords.js";

/**
 * Calls `visit` with each direct subschema of `schema` that is an object (boolean schemas
 * have nothing to check), with its pointer. Keywords a draft does not know are not looked
 * into: their values are data, not schemas.
 */
export function forEachSubschema(
  schema: JsonObject,
  pointer: string,
  visit: (subschema: JsonObject, pointer: string) => void,
): void {
  for (const keyword of SINGLE_SCHEMA_KEYWORDS) {
    const value = own(schema, keyword);
    if (isJsonObject(value)) visit(value, childPointer(pointer, keyword));
  }
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    const value = own(schema, keyword);
    if (!Array.isArray(value)) continue;
    const base = childPointer(pointer, keyword);
    value.forEach((item: JsonValue, i) => {
      if (isJsonObject(item)) visit(item, childPointer(base, i));
    });
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
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

/** A keyword's value, own keys only (a schema has no `constructor` keyword just because objects do). */
export function own(schema: JsonObject, keyword: string): JsonValue | undefined {
  // Absent keys are the common case and need no hasOwn call.
  const value = schema[keyword];
  return value !== undefined && Object.hasOwn(schema, keyword) ? value : undefined;
}
