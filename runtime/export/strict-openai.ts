import { childPointer } from "../schema/json-pointer.js";
import { forEachSubschema, isObjectSchema, own } from "../schema/subschemas.js";
import { isJsonObject } from "../util/guards.js";
import type { JsonObject, JsonValue, SpecProblem } from "../util/json.js";
import { booleanSubschemas, isLocalRef } from "./strict-rules.js";

// OpenAI's published subset for Structured Outputs, which `strict: true` function tools use:
// https://platform.openai.com/docs/guides/structured-outputs#supported-schemas
// An allow-list: a keyword the page does not list is a problem, so "qualifies" means the API takes it.

/** The keywords the subset lists, on any schema of the tool's parameters. */
const KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "description",
  "title",
  // objects
  "properties",
  "required",
  "additionalProperties",
  // arrays
  "items",
  "minItems",
  "maxItems",
  // strings
  "pattern",
  "format",
  // numbers
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  // values, composition and definitions
  "enum",
  "const",
  "anyOf",
  "$ref",
  "$defs",
  "definitions",
]);
const TYPES: ReadonlySet<string> = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);
const FORMATS: ReadonlySet<string> = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uuid",
]);
const MAX_OBJECT_DEPTH = 10;
const MAX_PROPERTIES = 5000;
const MAX_ENUM_VALUES = 1000;
/** Property names, definition names, enum values and const values together. */
const MAX_TEXT_LENGTH = 120_000;
const LARGE_ENUM = 250;
const MAX_LARGE_ENUM_TEXT = 15_000;

interface Totals {
  properties: number;
  enumValues: number;
  textLength: number;
}

/** Whether OpenAI's subset takes this keyword with this value on its own (what `strict: "compile"` keeps as it is). */
export function openAiTakesKeyword(keyword: string, value: JsonValue): boolean {
  if (!KEYWORDS.has(keyword)) return false;
  return keyword !== "format" || (typeof value === "string" && FORMATS.has(value));
}

/** What keeps `schema` (a tool's parameters) from OpenAI strict mode; empty when it qualifies. */
export function openAiStrictProblems(schema: JsonObject): SpecProblem[] {
  const problems: SpecProblem[] = [];
  if (own(schema, "type") !== "object") problems.push({ pointer: "", message: 'the root must be {"type": "object"}' });
  if (own(schema, "anyOf") !== undefined)
    problems.push({ pointer: "/anyOf", message: '"anyOf" is not allowed at the root' });
  const totals: Totals = { properties: 0, enumValues: 0, textLength: 0 };
  visit(schema, "", 0, problems, totals);
  if (totals.properties > MAX_PROPERTIES)
    problems.push({ pointer: "", message: `${totals.properties} properties in all; at most ${MAX_PROPERTIES}` });
  if (totals.enumValues > MAX_ENUM_VALUES)
    problems.push({ pointer: "", message: `${totals.enumValues} enum values in all; at most ${MAX_ENUM_VALUES}` });
  if (totals.textLength > MAX_TEXT_LENGTH) {
    problems.push({
      pointer: "",
      message:
        `${totals.textLength} characters of property names, definition ` +
        `names, enum and const values; at most ${MAX_TEXT_LENGTH}`,
    });
  }
  return problems;
}

function visit(schema: JsonObject, pointer: string, outerDepth: number, problems: SpecProblem[], totals: Totals): void {
  const at = (keyword: string): string => childPointer(pointer, keyword);
  for (const keyword of Object.keys(schema)) {
    if (!KEYWORDS.has(keyword))
      problems.push({ pointer: at(keyword), message: `"${keyword}" is not in OpenAI's strict-mode subset` });
  }
  const isObject = isObjectSchema(schema);
  const depth = isObject ? outerDepth + 1 : outerDepth;
  if (depth > MAX_OBJECT_DEPTH) {
    problems.push({ pointer, message: `objects nested more than ${MAX_OBJECT_DEPTH} levels deep` });
    return;
  }
  checkType(schema, at, problems);
  if (isObject) checkObject(schema, pointer, problems, totals);
  if (Array.isArray(own(schema, "items")))
    problems.push({
      pointer: at("items"),
      message: '"items" must be one schema for every item: tuples are not supported',
    });
  const format = own(schema, "format");
  if (format !== undefined && (typeof format !== "string" || !FORMATS.has(format))) {
    problems.push({
      pointer: at("format"),
      message: `format ${JSON.stringify(format)} is not supported; supported: ${[...FORMATS].join(", ")}`,
    });
  }
  const ref = own(schema, "$ref");
  if (ref !== undefined && !isLocalRef(ref))
    problems.push({ pointer: at("$ref"), message: "only references within the schema (#/...) are supported" });
  problems.push(...booleanSubschemas(schema, pointer));
  countValues(schema, pointer, problems, totals);
  forEachSubschema(schema, pointer, (subschema, subpointer) => visit(subschema, subpointer, depth, problems, totals));
}

function checkType(schema: JsonObject, at: (keyword: string) => string, problems: SpecProblem[]): void {
  const type = own(schema, "type");
  if (type === undefined) return;
  const names = Array.isArray(type) ? type : [type];
  for (const name of names) {
    if (typeof name !== "string" || !TYPES.has(name))
      problems.push({ pointer: at("type"), message: `type ${JSON.stringify(name)} is not supported` });
  }
}

function checkObject(schema: JsonObject, pointer: string, problems: SpecProblem[], totals: Totals): void {
  const additional = own(schema, "additionalProperties");
  if (additional === undefined) {
    problems.push({ pointer, message: 'an object schema needs "additionalProperties": false' });
  } else if (additional !== false) {
    problems.push({
      pointer: childPointer(pointer, "additionalProperties"),
      message: "must be false: strict mode allows no other properties",
    });
  }
  const properties = own(schema, "properties");
  if (!isJsonObject(properties)) return;
  const required = own(schema, "required");
  const requiredNames = new Set(Array.isArray(required) ? required : []);
  for (const name of Object.keys(properties)) {
    totals.properties++;
    totals.textLength += name.length;
    if (!requiredNames.has(name)) {
      problems.push({
        pointer: childPointer(childPointer(pointer, "properties"), name),
        message:
          `"${name}" is not in "required": strict mode needs every ` +
          `property required (a nullable type makes it optional in effect)`,
      });
    }
  }
}

function countValues(schema: JsonObject, pointer: string, problems: SpecProblem[], totals: Totals): void {
  const values = own(schema, "enum");
  if (Array.isArray(values)) {
    totals.enumValues += values.length;
    let enumText = 0;
    for (const value of values) if (typeof value === "string") enumText += value.length;
    totals.textLength += enumText;
    if (values.length > LARGE_ENUM && enumText > MAX_LARGE_ENUM_TEXT) {
      problems.push({
        pointer: childPointer(pointer, "enum"),
        message: `an enum of more than ${LARGE_ENUM} values may hold at most ${MAX_LARGE_ENUM_TEXT} characters in all`,
      });
    }
  }
  const constant = own(schema, "const");
  if (typeof constant === "string") totals.textLength += constant.length;
  for (const keyword of ["$defs", "definitions"]) {
    const definitions = own(schema, keyword);
    if (isJsonObject(definitions)) for (const name of Object.keys(definitions)) totals.textLength += name.length;
  }
}
