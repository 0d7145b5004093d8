import { propertyKey, tsString } from "../generator/emit/escape.js";
import type { JsonObject, JsonValue } from "../runtime/util/json.js";

/**
 * A TypeScript expression for a JSON value, for type tests that assign values to generated
 * types. Keys go through propertyKey, so "__proto__" stays an own key.
 */
export function tsLiteral(value: JsonValue): string {
  if (typeof value === "string") return tsString(value);
  if (value === null || typeof value !== "object") return String(value);
  if (Array.isArray(value)) return `[${(value as readonly JsonValue[]).map(tsLiteral).join(", ")}]`;
  return `{ ${Object.entries(value as JsonObject)
    .map(([k, v]) => `${propertyKey(k)}: ${tsLiteral(v)}`)
    .join(", ")} }`;
}
