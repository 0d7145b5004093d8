// The one family of guards every folder uses to read untrusted values.
import type { JsonObject, JsonValue } from "./json.js";

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value with named fields: an object that is neither null nor an array (what JSON.parse makes of `{...}`). */
export function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
