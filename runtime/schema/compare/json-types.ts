// JSON's types as a schema names them, and the guards that read values by them.
import type { JsonValue } from "../../util/json.js";

/** The JSON types as the checker tells them apart: "integer" is the whole numbers among "number". */
export type JsonType = "null" | "boolean" | "integer" | "number" | "string" | "array" | "object";

export const ALL_TYPES: readonly JsonType[] = ["null", "boolean", "integer", "number", "string", "array", "object"];

/** Whether a value is of one of these types. */
export function hasType(value: JsonValue, types: ReadonlySet<JsonType>): boolean {
  if (value === null) return types.has("null");
  if (Array.isArray(value)) return types.has("array");
  switch (typeof value) {
    case "boolean":
      return types.has("boolean");
    case "number":
      return types.has("number") || (types.has("integer") && Number.isInteger(value));
    case "string":
      return types.has("string");
    default:
      return types.has("object");
  }
}
