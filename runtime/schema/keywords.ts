import type { SchemaDialect } from "./dialect.js";

/**
 * What a keyword's value is, so that a walk knows where subschemas are: a schema, an array of
 * schemas, a map of names to schemas, draft-07's `items` (a schema or an array of them) and
 * `dependencies` (names to a schema or to a list of names), or anything else (data: a walk never
 * looks inside it).
 */
export type KeywordValue = "schema" | "schemas" | "schema-map" | "schema-or-schemas" | "schema-or-names-map" | "data";

const COMMON: Readonly<Record<string, KeywordValue>> = {
  $schema: "data",
  $id: "data",
  $ref: "data",
  $comment: "data",
  title: "data",
  description: "data",
  default: "data",
  examples: "data",
  readOnly: "data",
  writeOnly: "data",
  type: "data",
  enum: "data",
  const: "data",
  multipleOf: "data",
  maximum: "data",
  exclusiveMaximum: "data",
  minimum: "data",
  exclusiveMinimum: "data",
  maxLength: "data",
  minLength: "data",
  pattern: "data",
  maxItems: "data",
  minItems: "data",
  uniqueItems: "data",
  maxProperties: "data",
  minProperties: "data",
  required: "data",
  format: "data",
  contentMediaType: "data",
  contentEncoding: "data",
  allOf: "schemas",
  anyOf: "schemas",
  oneOf: "schemas",
  not: "schema",
  if: "schema",
  then: "schema",
  else: "schema",
  contains: "schema",
  additionalProperties: "schema",
  propertyNames: "schema",
  properties: "schema-map",
  patternProperties: "schema-map",
};

/** The keywords of each dialect this project supports, with what their values are. */
export const DIALECT_KEYWORDS: Readonly<Record<SchemaDialect, Readonly<Record<string, KeywordValue>>>> = {
  "draft-07": {
    ...COMMON,
    definitions: "schema-map",
    items: "schema-or-schemas",
    additionalItems: "schema",
    dependencies: "schema-or-names-map",
  },
  "2020-12": {
    ...COMMON,
    $anchor: "data",
    $dynamicRef: "data",
    $dynamicAnchor: "data",
    $vocabulary: "data",
    deprecated: "data",
    maxContains: "data",
    minContains: "data",
    dependentRequired: "data",
    contentSchema: "schema",
    $defs: "schema-map",
    // Kept by 2020-12's meta-schema for older schemas.
    definitions: "schema-map",
    dependencies: "schema-or-names-map",
    prefixItems: "schemas",
    items: "schema",
    dependentSchemas: "schema-map",
    unevaluatedItems: "schema",
    unevaluatedProperties: "schema",
  },
};

/** Every keyword of either dialect with what its value is (where both know one, both readings are kept: `items`). */
const ALL_KEYWORDS: readonly (readonly [string, KeywordValue])[] = [
  ...Object.entries(DIALECT_KEYWORDS["draft-07"]),
  ...Object.entries(DIALECT_KEYWORDS["2020-12"]),
];
const keywordsOf = (...kinds: KeywordValue[]): ReadonlySet<string> =>
  new Set(ALL_KEYWORDS.filter(([, kind]) => kinds.includes(kind)).map(([key]) => key));

/** Keywords whose value is one subschema, in some dialect. */
export const SINGLE_SCHEMA_KEYWORDS = keywordsOf("schema", "schema-or-schemas");
/** Keywords whose value is an array of subschemas, in some dialect (draft-07's tuple `items` too). */
export const SCHEMA_LIST_KEYWORDS = keywordsOf("schemas", "schema-or-schemas");
/**
 * Keywords whose value maps names to subschemas (draft-07's `dependencies` also holds lists of names, which are not
 * schemas).
 */
export const SCHEMA_MAP_KEYWORDS = keywordsOf("schema-map", "schema-or-names-map");
/** Keywords whose value is data, not a schema: a `$ref` inside one is not a reference. */
export const DATA_KEYWORDS = keywordsOf("data");

/**
 * Keywords whose subschemas apply to the very value the schema applies to, rather than to a
 * part of it: a `$ref` cycle through only these never steps into the value.
 */
export const IN_PLACE_KEYWORDS: ReadonlySet<string> = new Set([
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "dependentSchemas",
  "dependencies",
]);

/**
 * Keywords whose subschemas can evaluate properties or items of the same value, for
 * `unevaluatedProperties` and `unevaluatedItems`: references, and the in-place applicators but
 * `not` (whose evaluations never count) and draft-07's `dependencies` (a draft without them).
 */
export const EVALUATING_KEYWORDS: ReadonlySet<string> = new Set([
  "$ref",
  "$dynamicRef",
  "$recursiveRef",
  ...[...IN_PLACE_KEYWORDS].filter((k) => k !== "not" && k !== "dependencies"),
]);

/**
 * Keywords of other vocabularies that tool schemas carry in the wild (OpenAPI, the JSON Schema
 * drafts before and between ours, ajv's and editors' extensions, form generators): not this
 * dialect's, but never a misspelling of it. `x-*` keys are extensions too.
 */
export const KNOWN_EXTENSION_KEYWORDS: ReadonlySet<string> = new Set([
  // OpenAPI 3.0 / 3.1
  "example",
  "nullable",
  "discriminator",
  "xml",
  "externalDocs",
  "deprecated",
  "readOnly",
  "writeOnly",
  // drafts 04, 2019-09
  "id",
  "$recursiveRef",
  "$recursiveAnchor",
  "maxContains",
  "minContains",
  "dependentRequired",
  "dependentSchemas",
  "unevaluatedItems",
  "unevaluatedProperties",
  "$anchor",
  "$defs",
  "prefixItems",
  "contentSchema",
  // ajv, VS Code and form libraries
  "errorMessage",
  "markdownDescription",
  "enumDescriptions",
  "markdownEnumDescriptions",
  "deprecationMessage",
  "enumNames",
  "propertyOrder",
  "defaultSnippets",
  "tsType",
  "optional",
]);

/**
 * The `format` names that JSON Schema defines, and those of OpenAPI and ajv-formats: a format
 * close to one of these but not one is most likely a misspelling (an unknown format is ignored
 * by validators, so nothing would check it).
 */
export const KNOWN_FORMATS: readonly string[] = [
  "date-time",
  "date",
  "time",
  "duration",
  "email",
  "idn-email",
  "hostname",
  "idn-hostname",
  "ipv4",
  "ipv6",
  "uri",
  "uri-reference",
  "iri",
  "iri-reference",
  "uuid",
  "uri-template",
  "json-pointer",
  "relative-json-pointer",
  "regex",
  "url",
  "byte",
  "binary",
  "password",
  "int32",
  "int64",
  "float",
  "double",
];
