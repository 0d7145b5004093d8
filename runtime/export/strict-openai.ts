import { childPointer } from "../tool-spec/json-pointer.js";
import type { JsonObject, SpecProblem } from "../tool-spec/types.js";
import { forEachSubschema, isJsonObject, isObjectSchema, own } from "../schema/subschemas.js";

// OpenAI's documented limits for Structured Outputs (function calling with `strict: true`).
const UNSUPPORTED = ["oneOf", "allOf", "not", "if", "then", "else", "dependentRequired", "dependentSchemas"] as const;
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

/** What keeps `schema` (a tool's parameters) from OpenAI strict mode; empty when it qualifies. */
export function openAiStrictProblems(schema: JsonObject): SpecProblem[] {
  const problems: SpecProblem[] = [];
  if (own(schema, "anyOf") !== undefined) problems.push({ pointer: "/anyOf", message: '"anyOf" is not allowed at the root' });
  const totals: Totals = { properties: 0, enumValues: 0, textLength: 0 };
  visit(schema, "", 0, problems, totals);
  if (totals.properties > MAX_PROPERTIES) problems.push({ pointer: "", message: `${totals.properties} properties in all; at most ${MAX_PROPERTIES}` });
  if (totals.enumValues > MAX_ENUM_VALUES) problems.push({ pointer: "", message: `${totals.enumValues} enum values in all; at most ${MAX_ENUM_VALUES}` });
  if (totals.textLength > MAX_TEXT_LENGTH) {
    problems.push({ pointer: "", message: `${totals.textLength} characters of property names, definition names, enum and const values; at most ${MAX_TEXT_LENGTH}` });
  }
  return problems;
}

function visit(schema: JsonObject, pointer: string, outerDepth: number, problems: SpecProblem[], totals: Totals): void {
  for (const keyword of UNSUPPORTED) {
    if (own(schema, keyword) !== undefined) problems.push({ pointer: childPointer(pointer, keyword), message: `"${keyword}" is not supported` });
  }
  const isObject = isObjectSchema(schema);
  const depth = isObject ? outerDepth + 1 : outerDepth;
  if (depth > MAX_OBJECT_DEPTH) {
    problems.push({ pointer, message: `objects nested more than ${MAX_OBJECT_DEPTH} levels deep` });
    return;
  }
  if (isObject) checkObject(schema, pointer, problems, totals);
  countValues(schema, pointer, problems, totals);
  forEachSubschema(schema, pointer, (subschema, subpointer) => visit(subschema, subpointer, depth, problems, totals));
}

function checkObject(schema: JsonObject, pointer: string, problems: SpecProblem[], totals: Totals): void {
  const additional = own(schema, "additionalProperties");
  if (additional === undefined) {
    problems.push({ pointer, message: 'an object schema needs "additionalProperties": false' });
  } else if (additional !== false) {
    problems.push({ pointer: childPointer(pointer, "additionalProperties"), message: 'must be false: strict mode allows no other properties' });
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
        message: `"${name}" is not in "required": strict mode needs every property required (a nullable type makes it optional in effect)`,
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
      problems.push({ pointer: childPointer(pointer, "enum"), message: `an enum of more than ${LARGE_ENUM} values may hold at most ${MAX_LARGE_ENUM_TEXT} characters in all` });
    }
  }
  const constant = own(schema, "const");
  if (typeof constant === "string") totals.textLength += constant.length;
  for (const keyword of ["$defs", "definitions"]) {
    const definitions = own(schema, keyword);
    if (isJsonObject(definitions)) for (const name of Object.keys(definitions)) totals.textLength += name.length;
  }
}
