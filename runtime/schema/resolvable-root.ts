import type { JsonObject } from "../util/json.js";

/**
 * The schema as ajv must compile it: with an `$id`. ajv resolves `"$ref": "#"` (a recursive
 * root) against the schema's id, and with `addUsedSchema: false` (see ajv-options.ts) a schema
 * without one has none to resolve against. `id` (a URN, unique per schema where one ajv compiles
 * several) is used only when the schema has no `$id` of its own.
 */
export function withResolvableRoot(schema: JsonObject, id: string): JsonObject {
  return Object.hasOwn(schema, "$id") ? schema : { ...schema, $id: `urn:gen-client-tools:${id}` };
}
