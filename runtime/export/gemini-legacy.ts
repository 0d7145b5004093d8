import { childPointer } from "../schema/json-pointer.js";
import { forEachSubschema, own } from "../schema/subschemas.js";
import type { JsonObject, SpecProblem } from "../util/json.js";

// The fields of Gemini's `Schema` object, the OpenAPI subset its legacy `parameters` takes:
// https://ai.google.dev/api/caching#Schema
// The export uses `parametersJsonSchema`, which carries the schema whole; this says what
// `parameters` would have lost, for a caller who must still use it.
const FIELDS: ReadonlySet<string> = new Set([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "maxItems",
  "minItems",
  "properties",
  "required",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "pattern",
  "example",
  "anyOf",
  "propertyOrdering",
  "default",
  "items",
  "minimum",
  "maximum",
]);

/**
 * Each keyword of `schema` (a tool's parameters) that Gemini's legacy `parameters` field has no place for, at its
 * pointer.
 */
export function geminiLegacyParametersLoss(schema: JsonObject): SpecProblem[] {
  const problems: SpecProblem[] = [];
  visit(schema, "", problems);
  return problems;
}

function visit(schema: JsonObject, pointer: string, problems: SpecProblem[]): void {
  for (const keyword of Object.keys(schema)) {
    if (!FIELDS.has(keyword))
      problems.push({
        pointer: childPointer(pointer, keyword),
        message: `"${keyword}" is not a field of Gemini's Schema: the legacy parameters field would drop it`,
      });
  }
  if (Array.isArray(own(schema, "type"))) {
    problems.push({
      pointer: childPointer(pointer, "type"),
      message: 'a list of types does not fit Gemini\'s Schema (one type, and "nullable" for null)',
    });
  }
  forEachSubschema(schema, pointer, (subschema, subpointer) => visit(subschema, subpointer, problems));
}
