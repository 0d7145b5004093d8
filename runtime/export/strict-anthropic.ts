import { childPointer } from "../tool-spec/json-pointer.js";
import type { JsonObject, SpecProblem } from "../tool-spec/types.js";
import { findRecursiveRef } from "./ref-cycles.js";
import { forEachSubschema, isObjectSchema, own } from "../schema/subschemas.js";

// Anthropic's documented JSON Schema limitations for strict tool use (structured outputs).
const UNSUPPORTED = [
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "maxItems",
  "uniqueItems",
  "contains",
  "minContains",
  "maxContains",
] as const;
const FORMATS: ReadonlySet<string> = new Set(["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"]);
/** Lookaround and backreferences, which the grammar behind strict mode cannot express. */
const COMPLEX_PATTERN = /\(\?<?[=!]|\\[1-9]|\\k</;

/** What keeps `schema` (a tool's parameters) from Anthropic strict tool use; empty when it qualifies. */
export function anthropicStrictProblems(schema: JsonObject): SpecProblem[] {
  const problems: SpecProblem[] = [];
  visit(schema, "", problems);
  const recursive = findRecursiveRef(schema);
  if (recursive !== undefined) problems.push({ pointer: recursive, message: "recursive schemas are not supported" });
  return problems;
}

function visit(schema: JsonObject, pointer: string, problems: SpecProblem[]): void {
  const at = (keyword: string): string => childPointer(pointer, keyword);
  for (const keyword of UNSUPPORTED) {
    if (own(schema, keyword) !== undefined) problems.push({ pointer: at(keyword), message: `"${keyword}" is not supported` });
  }
  if (isObjectSchema(schema)) {
    const additional = own(schema, "additionalProperties");
    if (additional === undefined) problems.push({ pointer, message: 'an object schema needs "additionalProperties": false' });
    else if (additional !== false) problems.push({ pointer: at("additionalProperties"), message: "must be false: strict mode allows no other properties" });
  }
  const minItems = own(schema, "minItems");
  if (typeof minItems === "number" && minItems > 1) problems.push({ pointer: at("minItems"), message: "only 0 or 1 is supported" });
  const values = own(schema, "enum");
  if (Array.isArray(values) && values.some((value) => typeof value === "object" && value !== null)) {
    problems.push({ pointer: at("enum"), message: "enum values must be strings, numbers, booleans or null" });
  }
  const format = own(schema, "format");
  if (typeof format === "string" && !FORMATS.has(format)) {
    problems.push({ pointer: at("format"), message: `format "${format}" is not supported; supported: ${[...FORMATS].join(", ")}` });
  }
  const pattern = own(schema, "pattern");
  if (typeof pattern === "string" && COMPLEX_PATTERN.test(pattern)) {
    problems.push({ pointer: at("pattern"), message: "lookaround and backreferences are not supported" });
  }
  const ref = own(schema, "$ref");
  if (typeof ref === "string" && !ref.startsWith("#")) problems.push({ pointer: at("$ref"), message: "only local references (#/...) are supported" });
  forEachSubschema(schema, pointer, (subschema, subpointer) => visit(subschema, subpointer, problems));
}
