import type { JsonObject } from "../../util/json.js";

/**
 * One fixture per JSON Schema keyword (and per value that decides a verdict), placed as the
 * schema of a required property of a closed root, with the verdict of each provider's
 * published strict-mode subset (the sources are named in strict-openai.ts and strict-anthropic.ts).
 */
export interface StrictKeywordFixture {
  readonly keyword: string;
  readonly schema: JsonObject;
  readonly openai: "ok" | "refused";
  readonly anthropic: "ok" | "refused";
}

const closedObject = (extra: JsonObject = {}): JsonObject => ({ type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false, ...extra });

export const STRICT_KEYWORD_FIXTURES: readonly StrictKeywordFixture[] = [
  // annotations
  { keyword: "type", schema: { type: "string" }, openai: "ok", anthropic: "ok" },
  { keyword: "type (a list with null)", schema: { type: ["string", "null"] }, openai: "ok", anthropic: "ok" },
  { keyword: "description", schema: { type: "string", description: "x" }, openai: "ok", anthropic: "ok" },
  { keyword: "title", schema: { type: "string", title: "X" }, openai: "ok", anthropic: "ok" },
  { keyword: "default", schema: { type: "string", default: "x" }, openai: "refused", anthropic: "ok" },
  { keyword: "examples", schema: { type: "string", examples: ["x"] }, openai: "refused", anthropic: "refused" },
  { keyword: "$comment", schema: { type: "string", $comment: "x" }, openai: "refused", anthropic: "refused" },
  { keyword: "deprecated", schema: { type: "string", deprecated: true }, openai: "refused", anthropic: "refused" },
  { keyword: "readOnly", schema: { type: "string", readOnly: true }, openai: "refused", anthropic: "refused" },
  { keyword: "nullable (OpenAPI)", schema: { type: "string", nullable: true }, openai: "refused", anthropic: "refused" },
  { keyword: "x-vendor", schema: { type: "string", "x-order": 1 }, openai: "refused", anthropic: "refused" },
  // objects
  { keyword: "properties (closed, all required)", schema: closedObject(), openai: "ok", anthropic: "ok" },
  { keyword: "required (not every property)", schema: closedObject({ properties: { a: { type: "string" }, b: { type: "string" } } }), openai: "refused", anthropic: "ok" },
  { keyword: "additionalProperties (absent)", schema: { type: "object", properties: {}, required: [] }, openai: "refused", anthropic: "refused" },
  { keyword: "additionalProperties: true", schema: closedObject({ additionalProperties: true }), openai: "refused", anthropic: "refused" },
  { keyword: "additionalProperties (a schema)", schema: closedObject({ additionalProperties: { type: "string" } }), openai: "refused", anthropic: "refused" },
  { keyword: "patternProperties", schema: closedObject({ patternProperties: { "^x": { type: "string" } } }), openai: "refused", anthropic: "refused" },
  { keyword: "propertyNames", schema: closedObject({ propertyNames: { pattern: "^a" } }), openai: "refused", anthropic: "refused" },
  { keyword: "minProperties", schema: closedObject({ minProperties: 1 }), openai: "refused", anthropic: "refused" },
  { keyword: "maxProperties", schema: closedObject({ maxProperties: 1 }), openai: "refused", anthropic: "refused" },
  { keyword: "unevaluatedProperties", schema: closedObject({ unevaluatedProperties: false }), openai: "refused", anthropic: "refused" },
  { keyword: "dependentRequired", schema: closedObject({ dependentRequired: { a: [] } }), openai: "refused", anthropic: "refused" },
  { keyword: "dependentSchemas", schema: closedObject({ dependentSchemas: { a: { type: "object" } } }), openai: "refused", anthropic: "refused" },
  { keyword: "dependencies", schema: closedObject({ dependencies: { a: ["a"] } }), openai: "refused", anthropic: "refused" },
  // arrays
  { keyword: "items", schema: { type: "array", items: { type: "string" } }, openai: "ok", anthropic: "ok" },
  { keyword: "items (a tuple)", schema: { type: "array", items: [{ type: "string" }] }, openai: "refused", anthropic: "refused" },
  { keyword: "items: false", schema: { type: "array", items: false }, openai: "refused", anthropic: "refused" },
  { keyword: "prefixItems", schema: { type: "array", prefixItems: [{ type: "string" }] }, openai: "refused", anthropic: "refused" },
  { keyword: "additionalItems", schema: { type: "array", items: [{ type: "string" }], additionalItems: false }, openai: "refused", anthropic: "refused" },
  { keyword: "unevaluatedItems", schema: { type: "array", unevaluatedItems: false }, openai: "refused", anthropic: "refused" },
  { keyword: "contains", schema: { type: "array", contains: { type: "string" } }, openai: "refused", anthropic: "refused" },
  { keyword: "minContains", schema: { type: "array", contains: { type: "string" }, minContains: 1 }, openai: "refused", anthropic: "refused" },
  { keyword: "maxContains", schema: { type: "array", contains: { type: "string" }, maxContains: 2 }, openai: "refused", anthropic: "refused" },
  { keyword: "minItems: 1", schema: { type: "array", items: { type: "string" }, minItems: 1 }, openai: "ok", anthropic: "ok" },
  { keyword: "minItems: 2", schema: { type: "array", items: { type: "string" }, minItems: 2 }, openai: "ok", anthropic: "refused" },
  { keyword: "maxItems", schema: { type: "array", items: { type: "string" }, maxItems: 3 }, openai: "ok", anthropic: "refused" },
  { keyword: "uniqueItems", schema: { type: "array", items: { type: "string" }, uniqueItems: true }, openai: "refused", anthropic: "refused" },
  // strings
  { keyword: "minLength", schema: { type: "string", minLength: 1 }, openai: "refused", anthropic: "refused" },
  { keyword: "maxLength", schema: { type: "string", maxLength: 9 }, openai: "refused", anthropic: "refused" },
  { keyword: "pattern", schema: { type: "string", pattern: "^[a-z]+$" }, openai: "ok", anthropic: "ok" },
  { keyword: "pattern (a lookahead)", schema: { type: "string", pattern: "^(?!x)" }, openai: "ok", anthropic: "refused" },
  { keyword: "pattern (a backreference)", schema: { type: "string", pattern: "^(a)\\1$" }, openai: "ok", anthropic: "refused" },
  { keyword: "format: email", schema: { type: "string", format: "email" }, openai: "ok", anthropic: "ok" },
  { keyword: "format: date", schema: { type: "string", format: "date" }, openai: "ok", anthropic: "ok" },
  { keyword: "format: uri", schema: { type: "string", format: "uri" }, openai: "refused", anthropic: "ok" },
  { keyword: "format: color", schema: { type: "string", format: "color" }, openai: "refused", anthropic: "refused" },
  { keyword: "contentEncoding", schema: { type: "string", contentEncoding: "base64" }, openai: "refused", anthropic: "refused" },
  { keyword: "contentMediaType", schema: { type: "string", contentMediaType: "text/html" }, openai: "refused", anthropic: "refused" },
  // numbers
  { keyword: "minimum", schema: { type: "number", minimum: 0 }, openai: "ok", anthropic: "refused" },
  { keyword: "maximum", schema: { type: "number", maximum: 9 }, openai: "ok", anthropic: "refused" },
  { keyword: "exclusiveMinimum", schema: { type: "number", exclusiveMinimum: 0 }, openai: "ok", anthropic: "refused" },
  { keyword: "exclusiveMaximum", schema: { type: "number", exclusiveMaximum: 9 }, openai: "ok", anthropic: "refused" },
  { keyword: "multipleOf", schema: { type: "number", multipleOf: 0.5 }, openai: "ok", anthropic: "refused" },
  // values and composition
  { keyword: "enum", schema: { enum: ["a", "b", null] }, openai: "ok", anthropic: "ok" },
  { keyword: "enum (an object value)", schema: { enum: ["a", { b: 1 }] }, openai: "ok", anthropic: "refused" },
  { keyword: "const", schema: { const: "a" }, openai: "ok", anthropic: "ok" },
  { keyword: "anyOf", schema: { anyOf: [{ type: "string" }, { type: "null" }] }, openai: "ok", anthropic: "ok" },
  { keyword: "allOf", schema: { allOf: [{ type: "string" }] }, openai: "refused", anthropic: "ok" },
  { keyword: "allOf (with a $ref)", schema: { allOf: [{ $ref: "#/$defs/word" }] }, openai: "refused", anthropic: "refused" },
  { keyword: "oneOf", schema: { oneOf: [{ type: "string" }] }, openai: "refused", anthropic: "refused" },
  { keyword: "not", schema: { not: { type: "string" } }, openai: "refused", anthropic: "refused" },
  { keyword: "if / then / else", schema: { if: { type: "string" }, then: { minLength: 1 }, else: { type: "number" } }, openai: "refused", anthropic: "refused" },
  { keyword: "a boolean subschema", schema: { anyOf: [true] }, openai: "refused", anthropic: "refused" },
  // references and identifiers
  { keyword: "$ref (local)", schema: { $ref: "#/$defs/word" }, openai: "ok", anthropic: "ok" },
  { keyword: "$ref (remote)", schema: { $ref: "https://example.com/word.json" }, openai: "refused", anthropic: "refused" },
  { keyword: "$defs (nested)", schema: { $defs: { w: { type: "string" } }, $ref: "#/$defs/word" }, openai: "ok", anthropic: "ok" },
  { keyword: "$anchor", schema: { type: "string", $anchor: "w" }, openai: "refused", anthropic: "refused" },
  { keyword: "$dynamicRef", schema: { $dynamicRef: "#w" }, openai: "refused", anthropic: "refused" },
  { keyword: "$id", schema: { type: "string", $id: "https://example.com/x" }, openai: "refused", anthropic: "refused" },
  { keyword: "$schema", schema: { type: "string", $schema: "https://json-schema.org/draft/2020-12/schema" }, openai: "refused", anthropic: "refused" },
];
