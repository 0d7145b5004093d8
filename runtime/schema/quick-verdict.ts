import { isJsonObject } from "../util/guards.js";
import type { JsonObject, JsonValue } from "../util/json.js";
import type { SchemaDialect } from "./dialect.js";
import { DATA_KEYWORDS, SCHEMA_MAP_KEYWORDS } from "./keywords.js";
import { compiles, patternProblems } from "./pattern-problems.js";

// What a keyword's value must be, as the draft's meta-schema says (ajv's copies in
// node_modules/ajv/dist/refs/). The meta-schemas allow any other keyword with any value.
const SCHEMA = 0; // {"$ref": "#"} or {"$dynamicRef": "#meta"}: an object or a boolean, itself checked
const SCHEMA_MAP = 1; // {"type": "object", "additionalProperties": <schema>}
const SCHEMA_ARRAY = 2; // schemaArray: {"type": "array", "minItems": 1, "items": <schema>}
const SCHEMA_OR_SCHEMA_ARRAY = 3; // draft-07 items: {"anyOf": [<schema>, schemaArray]}
const SCHEMA_OR_STRING_ARRAY_MAP = 4; // dependencies: an object of {"anyOf": [<schema>, stringArray]}
const STRING = 5;
const BOOLEAN = 6;
const NUMBER = 7;
const POSITIVE_NUMBER = 8; // multipleOf: {"type": "number", "exclusiveMinimum": 0}
const NON_NEGATIVE_INTEGER = 9; // nonNegativeInteger and nonNegativeIntegerDefault0
const STRING_ARRAY = 10; // stringArray: {"type": "array", "items": {"type": "string"}, "uniqueItems": true}
const STRING_ARRAY_MAP = 11; // dependentRequired: an object of stringArray
const BOOLEAN_MAP = 12; // $vocabulary: an object of booleans (its keys, strings, always pass "propertyNames")
const ARRAY = 13; // {"type": "array", "items": true}
const UNIQUE_ARRAY = 14; // draft-07 enum: {"type": "array", "items": true, "minItems": 1, "uniqueItems": true}
const TYPE = 15; // {"anyOf": [simpleTypes, {"type": "array", "items": simpleTypes, "minItems": 1, "uniqueItems": true}]}
const ANCHOR = 16; // anchorString: {"type": "string", "pattern": "^[A-Za-z_][-A-Za-z0-9._]*$"}
const ID = 17; // 2020-12 $id: a string, {"pattern": "^[^#]*#?$"}

type Rule = number;

// Keywords both drafts check alike. `format` checks ("uri", "regex") are not here: ajv compiles
// meta-schemas with `validateFormats: false`, so they were never part of the check.
const COMMON: Record<string, Rule> = {
  $schema: STRING,
  $ref: STRING,
  $comment: STRING,
  title: STRING,
  description: STRING,
  readOnly: BOOLEAN,
  examples: ARRAY,
  multipleOf: POSITIVE_NUMBER,
  maximum: NUMBER,
  exclusiveMaximum: NUMBER,
  minimum: NUMBER,
  exclusiveMinimum: NUMBER,
  maxLength: NON_NEGATIVE_INTEGER,
  minLength: NON_NEGATIVE_INTEGER,
  pattern: STRING,
  maxItems: NON_NEGATIVE_INTEGER,
  minItems: NON_NEGATIVE_INTEGER,
  uniqueItems: BOOLEAN,
  contains: SCHEMA,
  maxProperties: NON_NEGATIVE_INTEGER,
  minProperties: NON_NEGATIVE_INTEGER,
  required: STRING_ARRAY,
  additionalProperties: SCHEMA,
  definitions: SCHEMA_MAP,
  properties: SCHEMA_MAP,
  patternProperties: SCHEMA_MAP,
  dependencies: SCHEMA_OR_STRING_ARRAY_MAP,
  propertyNames: SCHEMA,
  type: TYPE,
  format: STRING,
  contentMediaType: STRING,
  contentEncoding: STRING,
  if: SCHEMA,
  then: SCHEMA,
  else: SCHEMA,
  allOf: SCHEMA_ARRAY,
  anyOf: SCHEMA_ARRAY,
  oneOf: SCHEMA_ARRAY,
  not: SCHEMA,
};

/** Every keyword that a draft's meta-schema checks, and how (`const` and `default` take anything). */
export const KEYWORD_RULES: Readonly<Record<SchemaDialect, ReadonlyMap<string, Rule>>> = {
  "draft-07": new Map(
    Object.entries({
      ...COMMON,
      $id: STRING,
      additionalItems: SCHEMA,
      items: SCHEMA_OR_SCHEMA_ARRAY,
      enum: UNIQUE_ARRAY,
    }),
  ),
  "2020-12": new Map(
    Object.entries({
      ...COMMON,
      // core
      $id: ID,
      $anchor: ANCHOR,
      $dynamicRef: STRING,
      $dynamicAnchor: ANCHOR,
      $vocabulary: BOOLEAN_MAP,
      $defs: SCHEMA_MAP,
      // applicator, unevaluated
      prefixItems: SCHEMA_ARRAY,
      items: SCHEMA,
      dependentSchemas: SCHEMA_MAP,
      unevaluatedItems: SCHEMA,
      unevaluatedProperties: SCHEMA,
      // validation
      enum: ARRAY,
      maxContains: NON_NEGATIVE_INTEGER,
      minContains: NON_NEGATIVE_INTEGER,
      dependentRequired: STRING_ARRAY_MAP,
      // meta-data, content
      deprecated: BOOLEAN,
      writeOnly: BOOLEAN,
      contentSchema: SCHEMA,
      // the top meta-schema's keywords from earlier drafts
      $recursiveAnchor: ANCHOR,
      $recursiveRef: STRING,
    }),
  ),
};

const SIMPLE_TYPES = new Set(["array", "boolean", "integer", "null", "number", "object", "string"]);
const ANCHOR_PATTERN = /^[A-Za-z_][-A-Za-z0-9._]*$/u;
const ID_PATTERN = /^[^#]*#?$/u;

/**
 * What one walk over a schema tells, for the check stage's common case (valid) at a tenth of
 * the cost of ajv's meta-schema validator and the pattern walk together: "valid" when the
 * draft's meta-schema surely accepts the schema and every pattern in it compiles; "check
 * patterns" when the meta-schema accepts it but a pattern may not compile; "unsure" when only
 * ajv's validator can tell. "valid" must never be wrong, so anything unusual may answer
 * "unsure" (objects in a draft-07 `enum`) or "check patterns" (a property called
 * "patternProperties"). The walk allocates nothing, except for values of unknown keywords.
 */
export type QuickVerdict = "valid" | "check patterns" | "unsure";

// Set by a walk that finds a pattern to check; the walk goes on, to finish the meta-schema's part.
let patternsToCheck = false;

/** The meta-schema's and the pattern check's verdict on a schema, in one walk (see QuickVerdict). */
export function quickVerdict(schema: JsonObject, dialect: SchemaDialect): QuickVerdict {
  patternsToCheck = false;
  if (!isSchema(schema, KEYWORD_RULES[dialect])) return "unsure";
  return patternsToCheck ? "check patterns" : "valid";
}

function isSchema(value: JsonValue, rules: ReadonlyMap<string, Rule>): boolean {
  if (typeof value === "boolean") return true;
  if (!isJsonObject(value)) return false;
  for (const key in value) {
    const child = value[key]!;
    const rule = rules.get(key);
    if (rule === undefined) {
      // Not a keyword of this draft: a `$ref` may reach a schema inside, whose patterns validators compile.
      if (
        typeof child === "object" &&
        child !== null &&
        !DATA_KEYWORDS.has(key) &&
        patternProblems(child, "", SCHEMA_MAP_KEYWORDS.has(key)).length > 0
      )
        patternsToCheck = true;
    } else if (!meets(child, rule, rules)) return false;
    else if (key === "pattern") patternsToCheck ||= !compiles(child as string);
    else if (key === "patternProperties") for (const name in child as JsonObject) patternsToCheck ||= !compiles(name);
  }
  return true;
}

/**
 * Each entry is a schema; the pattern check takes one named "patternProperties" for the keyword (see patternProblems).
 */
function isSchemaMap(value: JsonObject, rules: ReadonlyMap<string, Rule>, stringArrays: boolean): boolean {
  for (const key in value) {
    const item = value[key]!;
    if (stringArrays && Array.isArray(item) ? !isUniqueStrings(item) : !isSchema(item, rules)) return false;
    if (key === "patternProperties" && isJsonObject(item)) patternsToCheck = true;
  }
  return true;
}

function meets(value: JsonValue, rule: Rule, rules: ReadonlyMap<string, Rule>): boolean {
  switch (rule) {
    case SCHEMA:
      return isSchema(value, rules);
    case SCHEMA_MAP:
      return isJsonObject(value) && isSchemaMap(value, rules, false);
    case SCHEMA_ARRAY:
      if (!Array.isArray(value) || value.length === 0) return false;
      for (let i = 0; i < value.length; i++) if (!isSchema((value as readonly JsonValue[])[i]!, rules)) return false;
      return true;
    case SCHEMA_OR_SCHEMA_ARRAY:
      return Array.isArray(value) ? meets(value, SCHEMA_ARRAY, rules) : isSchema(value, rules);
    case SCHEMA_OR_STRING_ARRAY_MAP:
      return isJsonObject(value) && isSchemaMap(value, rules, true);
    case STRING:
      return typeof value === "string";
    case BOOLEAN:
      return typeof value === "boolean";
    // As ajv checks "number" and "integer" with `strict: false` (no `strictNumbers`).
    case NUMBER:
      return typeof value === "number";
    case POSITIVE_NUMBER:
      return typeof value === "number" && value > 0;
    case NON_NEGATIVE_INTEGER:
      return typeof value === "number" && !(value % 1) && value >= 0;
    case STRING_ARRAY:
      return Array.isArray(value) && isUniqueStrings(value);
    case STRING_ARRAY_MAP:
      if (!isJsonObject(value)) return false;
      for (const key in value) {
        const item = value[key]!;
        if (!Array.isArray(item) || !isUniqueStrings(item)) return false;
      }
      return true;
    case BOOLEAN_MAP:
      if (!isJsonObject(value)) return false;
      for (const key in value) if (typeof value[key] !== "boolean") return false;
      return true;
    case ARRAY:
      return Array.isArray(value);
    case UNIQUE_ARRAY:
      return Array.isArray(value) && value.length > 0 && isUniqueScalars(value);
    case TYPE:
      if (typeof value === "string") return SIMPLE_TYPES.has(value);
      if (!Array.isArray(value) || value.length === 0 || !isUniqueStrings(value)) return false;
      for (let i = 0; i < value.length; i++) if (!SIMPLE_TYPES.has((value as readonly string[])[i]!)) return false;
      return true;
    case ANCHOR:
      return typeof value === "string" && ANCHOR_PATTERN.test(value);
    case ID:
      return typeof value === "string" && ID_PATTERN.test(value);
    default:
      return false;
  }
}

/** Short arrays (nearly all of them) pairwise, without allocating; long ones through a Set. */
const PAIRWISE_MAX = 16;

function isUniqueStrings(items: readonly JsonValue[]): boolean {
  for (let i = 0; i < items.length; i++) if (typeof items[i] !== "string") return false;
  return isUniqueScalars(items);
}

/**
 * Items that are no two alike (`===`, as ajv compares scalars); false for any object or array, which only ajv's deep
 * comparison can tell.
 */
function isUniqueScalars(items: readonly JsonValue[]): boolean {
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (typeof item === "object" && item !== null) return false;
  }
  if (items.length > PAIRWISE_MAX) return new Set(items).size === items.length;
  for (let i = 1; i < items.length; i++) {
    for (let j = 0; j < i; j++) if (items[i] === items[j]) return false;
  }
  return true;
}
