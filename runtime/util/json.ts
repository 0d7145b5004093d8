/** A JSON value as it comes out of JSON.parse. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | JsonObject;
export interface JsonObject {
  readonly [key: string]: JsonValue;
}

/** A JSON Schema (draft-07 or 2020-12). Subschemas may be booleans; a tool's root schemas are objects. */
export type JsonSchema = JsonObject | boolean;

/** One problem in a spec or a schema: where (RFC 6901 JSON pointer into the input) and what, with the fix. */
export interface SpecProblem {
  readonly pointer: string;
  readonly message: string;
}
