import { DATA_KEYWORDS } from "../../runtime/schema/keywords.js";
import type { JsonObject, JsonValue } from "../../runtime/util/json.js";
import type { SuiteDraft } from "./suite.js";

/** The property of the tool's arguments that holds the suite's instance. */
export const VALUE = "value";

const DIALECT: Record<SuiteDraft, string> = {
  "draft2020-12": "https://json-schema.org/draft/2020-12/schema",
  draft7: "http://json-schema.org/draft-07/schema#",
};

/**
 * A suite schema as a tool's parameters: a tool's root must be an object schema, so the
 * schema becomes the one required property `value` of a closed object, and the instance
 * `x` becomes `{ value: x }`. Local `$ref`s are rewritten to point into the property, and
 * `$schema` moves to the root, where the dialect is read.
 */
export function toolParameters(schema: JsonValue, draft: SuiteDraft): JsonObject {
  return {
    $schema: DIALECT[draft],
    type: "object",
    properties: { [VALUE]: withoutSchemaKeyword(rewriteRefs(schema)) },
    required: [VALUE],
    additionalProperties: false,
  };
}

function withoutSchemaKeyword(schema: JsonValue): JsonValue {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema;
  const { $schema: _dialect, ...rest } = schema as JsonObject;
  return rest;
}

function rewriteRefs(value: JsonValue): JsonValue {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return (value as readonly JsonValue[]).map(rewriteRefs);
  const copy: Record<string, JsonValue> = {};
  for (const [key, child] of Object.entries(value as JsonObject)) {
    let next: JsonValue;
    if (key === "$ref" && typeof child === "string" && child.startsWith("#"))
      next = `#/properties/${VALUE}${child.slice(1)}`;
    else next = DATA_KEYWORDS.has(key) ? child : rewriteRefs(child);
    Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}
