import type { SchemaDialect } from "../dialect.js";
import type { JsonObject, SpecProblem } from "../../util/json.js";

/** A tool schema (at `/parameters`) and the problems the check stage reports for it, in order. */
export interface MetaSchemaCase {
  readonly name: string;
  readonly schema: JsonObject;
  readonly problems: readonly SpecProblem[];
}

const D7 = "http://json-schema.org/draft-07/schema#";
const TYPES = '"array", "boolean", "integer", "null", "number", "object", "string"';

function meta(pointer: string, text: string, dialect: SchemaDialect = "2020-12"): SpecProblem {
  return { pointer: `/parameters${pointer}`, message: `not a valid JSON Schema (${dialect}): ${text}` };
}

function regex(pointer: string, pattern: string, error: string): SpecProblem {
  return {
    pointer: `/parameters${pointer}`,
    message: `invalid regular expression ${JSON.stringify(pattern)}: Invalid regular expression: /${pattern}/u: ${error}; patterns are ECMA-262 regular expressions with the "u" flag`,
  };
}

function unsupported(shown: string): SpecProblem {
  return {
    pointer: "/parameters/$schema",
    message: `unsupported $schema ${shown}: use "https://json-schema.org/draft/2020-12/schema" or "http://json-schema.org/draft-07/schema#", or leave it out for 2020-12`,
  };
}

// The messages and pointers are those the check stage gave before its meta-schema check was
// precompiled (ajv.validateSchema at run time), except where a case says otherwise.
export const metaSchemaCases: readonly MetaSchemaCase[] = [
  {
    name: "type misspelled, minimum a string",
    schema: { type: "object", properties: { n: { type: "numbr" }, m: { minimum: "0" } } },
    problems: [meta("/properties/n/type", `"type" must be one of ${TYPES}: did you mean "number"?`), meta("/properties/m/minimum", '"minimum" must be number')],
  },
  { name: "type array with a duplicate", schema: { type: ["string", "string"] }, problems: [meta("/type", `"type" must be one of ${TYPES}`)] },
  { name: "empty type array", schema: { type: "object", properties: { a: { type: [] } } }, problems: [meta("/properties/a/type", `"type" must be one of ${TYPES}`)] },
  {
    name: "type array with an unknown type",
    schema: { type: ["object", "float"] },
    problems: [meta("/type", `"type" must be one of ${TYPES}`), meta("/type/1", `"1" must be one of ${TYPES}`)],
  },
  { name: "negative maxLength", schema: { type: "object", properties: { a: { type: "string", maxLength: -1 } } }, problems: [meta("/properties/a/maxLength", '"maxLength" must be >= 0')] },
  { name: "fractional minItems", schema: { type: "object", properties: { a: { type: "array", minItems: 1.5 } } }, problems: [meta("/properties/a/minItems", '"minItems" must be integer')] },
  { name: "multipleOf 0", schema: { type: "object", properties: { a: { type: "number", multipleOf: 0 } } }, problems: [meta("/properties/a/multipleOf", '"multipleOf" must be > 0')] },
  { name: "required not unique", schema: { type: "object", required: ["a", "a"] }, problems: [meta("/required", '"required" must NOT have duplicate items (items ## 1 and 0 are identical)')] },
  { name: "required with a number", schema: { type: "object", required: ["a", 1] }, problems: [meta("/required/1", '"1" must be string')] },
  { name: "properties not an object", schema: { type: "object", properties: [] }, problems: [meta("/properties", '"properties" must be object')] },
  { name: "a property schema that is a string", schema: { type: "object", properties: { a: "string" } }, problems: [meta("/properties/a", '"a" must be object or boolean')] },
  {
    name: "required written inside properties",
    schema: { type: "object", properties: { a: { type: "string" }, required: ["a"] } },
    problems: [meta("/properties/required", '"required" must be object or boolean: it is read as a property named "required"; to use the keyword, move it out of "properties", beside it')],
  },
  { name: "empty anyOf", schema: { type: "object", anyOf: [] }, problems: [meta("/anyOf", '"anyOf" must NOT have fewer than 1 items')] },
  {
    name: "items an array (2020-12)",
    schema: { type: "object", properties: { a: { type: "array", items: [{ type: "string" }] } } },
    problems: [meta("/properties/a/items", '"items" must be object or boolean')],
  },
  { name: "bad $anchor", schema: { type: "object", $defs: { a: { $anchor: "1x" } } }, problems: [meta("/$defs/a/$anchor", '"$anchor" must match pattern "^[A-Za-z_][-A-Za-z0-9._]*$"')] },
  { name: "$id with a fragment", schema: { type: "object", $id: "http://x/y#frag" }, problems: [meta("/$id", '"$id" must match pattern "^[^#]*#?$"')] },
  { name: "$vocabulary value not boolean", schema: { type: "object", $vocabulary: { "https://x": 1 } }, problems: [meta("/$vocabulary/https:~1~1x", '"https:~1~1x" must be boolean')] },
  { name: "dependentRequired not arrays", schema: { type: "object", dependentRequired: { a: "b" } }, problems: [meta("/dependentRequired/a", '"a" must be array')] },
  {
    name: "dependencies neither schemas nor unique strings",
    schema: { type: "object", dependencies: { a: 5, b: ["x", "x"] } },
    problems: [meta("/dependencies/a", '"a" must be object or boolean'), meta("/dependencies/b", '"b" must be object or boolean')],
  },
  {
    name: "several problems at once",
    schema: { type: "object", description: 5, title: null, deprecated: "yes", properties: { a: { enum: "x" }, b: { format: 1 }, c: { const: 1, default: { type: 5 }, examples: 3 } } },
    problems: [
      meta("/properties/a/enum", '"enum" must be array'),
      meta("/properties/b/format", '"format" must be string'),
      meta("/properties/c/examples", '"examples" must be array'),
      meta("/title", '"title" must be string'),
      meta("/description", '"description" must be string'),
      meta("/deprecated", '"deprecated" must be boolean'),
    ],
  },
  {
    name: "nested in $defs and definitions",
    schema: { type: "object", $defs: { a: { type: "strin" } }, definitions: { b: { minLength: "1" } } },
    problems: [meta("/$defs/a/type", `"type" must be one of ${TYPES}: did you mean "string"?`), meta("/definitions/b/minLength", '"minLength" must be integer')],
  },
  { name: "escaped pointer", schema: { type: "object", properties: { "a/b~c": { type: "nope" } } }, problems: [meta("/properties/a~1b~0c/type", `"type" must be one of ${TYPES}`)] },
  { name: "draft-07: enum empty", schema: { $schema: D7, type: "object", properties: { a: { enum: [] } } }, problems: [meta("/properties/a/enum", '"enum" must NOT have fewer than 1 items', "draft-07")] },
  {
    name: "draft-07: enum duplicate",
    schema: { $schema: D7, type: "object", properties: { a: { enum: [1, 1] } } },
    problems: [meta("/properties/a/enum", '"enum" must NOT have duplicate items (items ## 0 and 1 are identical)', "draft-07")],
  },
  {
    name: "draft-07: enum duplicate objects",
    schema: { $schema: D7, type: "object", properties: { a: { enum: [{ x: 1, y: 2 }, { y: 2, x: 1 }] } } },
    problems: [meta("/properties/a/enum", '"enum" must NOT have duplicate items (items ## 0 and 1 are identical)', "draft-07")],
  },
  { name: "draft-07: enum distinct objects", schema: { $schema: D7, type: "object", properties: { a: { enum: [{ x: 1 }, { x: 2 }] } } }, problems: [] },
  {
    name: "draft-07: items an empty schema array",
    schema: { $schema: D7, type: "object", properties: { a: { type: "array", items: [] } } },
    problems: [meta("/properties/a/items", '"items" must be object or boolean', "draft-07")],
  },
  {
    name: "draft-07: items a schema array, additionalItems a number",
    schema: { $schema: D7, type: "object", properties: { a: { type: "array", items: [{ type: "string" }], additionalItems: 3 } } },
    problems: [meta("/properties/a/additionalItems", '"additionalItems" must be object or boolean', "draft-07")],
  },
  { name: "draft-07: 2020-12 keywords are not checked", schema: { $schema: D7, type: "object", $anchor: 5, $defs: 5, prefixItems: [] }, problems: [] },
  { name: "draft-07: type misspelled", schema: { $schema: D7, type: "object", properties: { n: { type: "numbr" } } }, problems: [meta("/properties/n/type", `"type" must be one of ${TYPES}: did you mean "number"?`, "draft-07")] },
  { name: "unsupported $schema", schema: { $schema: "http://json-schema.org/draft-04/schema#", type: "object" }, problems: [unsupported('"http://json-schema.org/draft-04/schema#"')] },
  { name: "$schema not a string", schema: { $schema: 4, type: "object" }, problems: [unsupported("4")] },
  { name: "invalid pattern", schema: { type: "object", properties: { n: { type: "string", pattern: "((" } } }, problems: [regex("/properties/n/pattern", "((", "Unterminated group")] },
  { name: "pattern valid without the u flag, invalid with it", schema: { type: "object", properties: { n: { type: "string", pattern: "\\-" } } }, problems: [regex("/properties/n/pattern", "\\-", "Invalid escape")] },
  {
    name: "patternProperties keys and patterns inside",
    schema: { type: "object", patternProperties: { "[": {}, "^ok$": { pattern: "(" } } },
    problems: [regex("/patternProperties/[", "[", "Unterminated character class"), regex("/patternProperties/^ok$/pattern", "(", "Unterminated group")],
  },
  { name: "pattern under an unknown keyword", schema: { type: "object", "x-ext": { pattern: "(" } }, problems: [regex("/x-ext/pattern", "(", "Unterminated group")] },
  { name: "patterns in data keywords are data", schema: { type: "object", default: { pattern: "(" }, examples: [{ pattern: "(" }], const: { pattern: "(" }, enum: [{ pattern: "(" }] }, problems: [] },
  { name: "pattern not a string", schema: { type: "object", properties: { a: { pattern: 5 } } }, problems: [meta("/properties/a/pattern", '"pattern" must be string')] },
  { name: "pattern in an array of schemas", schema: { type: "object", anyOf: [{ pattern: "a" }, { pattern: "[" }] }, problems: [regex("/anyOf/1/pattern", "[", "Unterminated character class")] },
  {
    name: "a meta-schema problem and a pattern problem: meta-schema first",
    schema: { type: "object", properties: { a: { pattern: "(" }, b: { type: "numbr" } } },
    problems: [meta("/properties/b/type", `"type" must be one of ${TYPES}: did you mean "number"?`), regex("/properties/a/pattern", "(", "Unterminated group")],
  },
  {
    name: "valid",
    schema: { type: "object", properties: { a: { type: ["string", "null"], pattern: "^a+$" } }, required: ["a"], additionalProperties: false },
    problems: [],
  },
  // New: these properties' patterns were skipped as data, and failed later, when a validator compiled them.
  {
    name: "properties named like data keywords hold schemas",
    schema: { type: "object", properties: { default: { type: "string", pattern: "(" }, enum: { pattern: "[" } }, $defs: { examples: { pattern: "((" } } },
    problems: [regex("/properties/default/pattern", "(", "Unterminated group"), regex("/properties/enum/pattern", "[", "Unterminated character class"), regex("/$defs/examples/pattern", "((", "Unterminated group")],
  },
  {
    name: "a property named like a keyword holds a schema, whose data is still data",
    schema: { type: "object", properties: { properties: { type: "object", default: { pattern: "(" } }, $defs: { enum: ["("] } } },
    problems: [],
  },
  // New: ajv knew neither spelling of `$schema`, and the run stopped with an internal error.
  {
    name: "draft-07 spelled with https",
    schema: { $schema: "https://json-schema.org/draft-07/schema#", type: "object", properties: { a: { type: "numbr" } } },
    problems: [meta("/properties/a/type", `"type" must be one of ${TYPES}: did you mean "number"?`, "draft-07")],
  },
  {
    name: "2020-12 spelled with http",
    schema: { $schema: "http://json-schema.org/draft/2020-12/schema", type: "object", properties: { a: { type: "numbr" } } },
    problems: [meta("/properties/a/type", `"type" must be one of ${TYPES}: did you mean "number"?`)],
  },
];

