import { childPointer } from "../schema/json-pointer.js";
import { forEachSubschema, isObjectSchema, own } from "../schema/subschemas.js";
import { isJsonObject } from "../util/guards.js";
import type { JsonObject, JsonValue, SpecProblem } from "../util/json.js";
import { findRecursiveRef } from "./ref-cycles.js";
import { booleanSubschemas, isLocalRef } from "./strict-rules.js";

// Anthropic's published JSON Schema support for strict tool use (structured outputs):
// https://docs.claude.com/en/docs/build-with-claude/structured-outputs#json-schema-limitations
// An allow-list: a keyword the page does not list is a problem, so "qualifies" means the API takes it.

/** The keywords the page lists as supported, on any schema of the tool's input. */
const KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "description",
  "title",
  "default",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "minItems",
  "format",
  "pattern",
  "enum",
  "const",
  "anyOf",
  "allOf",
  "$ref",
  "$defs",
  "definitions",
]);
const TYPES: ReadonlySet<string> = new Set(["object", "array", "string", "integer", "number", "boolean", "null"]);
const FORMATS: ReadonlySet<string> = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "uri",
  "ipv4",
  "ipv6",
  "uuid",
]);
/** Lookaround, backreferences and word boundaries, which the grammar behind strict mode cannot express. */
const COMPLEX_PATTERN = /\(\?<?[=!]|\\[1-9]|\\k<|\\[bB]/;

/**
 * Whether Anthropic's subset takes this keyword with this value on its own (what `strict: "compile"` keeps as it is).
 */
export function anthropicTakesKeyword(keyword: string, value: JsonValue): boolean {
  if (!KEYWORDS.has(keyword)) return false;
  switch (keyword) {
    case "format":
      return typeof value === "string" && FORMATS.has(value);
    case "minItems":
      return value === 0 || value === 1;
    case "pattern":
      return typeof value === "string" && !COMPLEX_PATTERN.test(value);
    case "enum":
      return Array.isArray(value) && !value.some((item) => typeof item === "object" && item !== null);
    default:
      return true;
  }
}

/** What keeps `schema` (a tool's parameters) from Anthropic strict tool use; empty when it qualifies. */
export function anthropicStrictProblems(schema: JsonObject): SpecProblem[] {
  const problems: SpecProblem[] = [];
  if (own(schema, "type") !== "object") problems.push({ pointer: "", message: 'the root must be {"type": "object"}' });
  visit(schema, "", problems);
  const recursive = findRecursiveRef(schema);
  if (recursive !== undefined) problems.push({ pointer: recursive, message: "recursive schemas are not supported" });
  return problems;
}

function visit(schema: JsonObject, pointer: string, problems: SpecProblem[]): void {
  const at = (keyword: string): string => childPointer(pointer, keyword);
  for (const keyword of Object.keys(schema)) {
    if (!KEYWORDS.has(keyword))
      problems.push({ pointer: at(keyword), message: `"${keyword}" is not in Anthropic's strict-mode subset` });
  }
  const type = own(schema, "type");
  for (const name of type === undefined ? [] : Array.isArray(type) ? type : [type]) {
    if (typeof name !== "string" || !TYPES.has(name))
      problems.push({ pointer: at("type"), message: `type ${JSON.stringify(name)} is not supported` });
  }
  if (isObjectSchema(schema)) {
    const additional = own(schema, "additionalProperties");
    if (additional === undefined)
      problems.push({ pointer, message: 'an object schema needs "additionalProperties": false' });
    else if (additional !== false)
      problems.push({
        pointer: at("additionalProperties"),
        message: "must be false: strict mode allows no other properties",
      });
  }
  if (Array.isArray(own(schema, "items")))
    problems.push({
      pointer: at("items"),
      message: '"items" must be one schema for every item: tuples are not supported',
    });
  const minItems = own(schema, "minItems");
  if (minItems !== undefined && minItems !== 0 && minItems !== 1)
    problems.push({ pointer: at("minItems"), message: "only 0 or 1 is supported" });
  const values = own(schema, "enum");
  if (Array.isArray(values) && values.some((value) => typeof value === "object" && value !== null)) {
    problems.push({ pointer: at("enum"), message: "enum values must be strings, numbers, booleans or null" });
  }
  const format = own(schema, "format");
  if (format !== undefined && (typeof format !== "string" || !FORMATS.has(format))) {
    problems.push({
      pointer: at("format"),
      message: `format ${JSON.stringify(format)} is not supported; supported: ${[...FORMATS].join(", ")}`,
    });
  }
  const pattern = own(schema, "pattern");
  if (typeof pattern === "string" && COMPLEX_PATTERN.test(pattern)) {
    problems.push({
      pointer: at("pattern"),
      message: "lookaround, backreferences and word boundaries are not supported",
    });
  }
  const ref = own(schema, "$ref");
  if (ref !== undefined && !isLocalRef(ref))
    problems.push({ pointer: at("$ref"), message: "only references within the schema (#/...) are supported" });
  const allOf = own(schema, "allOf");
  if (Array.isArray(allOf)) {
    allOf.forEach((item, i) => {
      if (isJsonObject(item) && own(item, "$ref") !== undefined)
        problems.push({
          pointer: childPointer(at("allOf"), i),
          message: '"allOf" with a "$ref" in it is not supported',
        });
    });
  }
  problems.push(...booleanSubschemas(schema, pointer));
  forEachSubschema(schema, pointer, (subschema, subpointer) => visit(subschema, subpointer, problems));
}
