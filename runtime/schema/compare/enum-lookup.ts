import type { JsonObject, JsonSchema, JsonValue } from "../../util/json.js";
import { jsonEqual } from "../../util/json-equal.js";

// A long `enum` checked by ajv costs a scan of its values per value checked, so comparing two
// enums of n values costs n² comparisons. Where a subschema is an enum of plain values beside
// annotations and `type`, whether it accepts a value is a lookup in a set instead.

/** Keywords that say nothing of which values are valid. */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "$comment",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$schema",
  "$id",
  "$anchor",
]);
/** Below this many values a scan costs no more than building a set. */
const SCANNED = 16;

/** Whether a subschema accepts a value, where that is a lookup; undefined where ajv has to tell. */
export type EnumLookup = (value: JsonValue) => boolean;

/** Keywords on single values with no subschema inside: checked apart from the enum, by a validator of their own. */
const SCALAR_RULES = new Set([
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
]);

/**
 * The lookup for an enum of plain values beside annotations, `type` and rules on single values (which `compileRules`
 * turns into a validator of the schema without its enum), or undefined where ajv has to tell.
 */
export function enumLookup(
  schema: JsonSchema,
  compileRules?: (rules: JsonObject) => (value: JsonValue) => boolean,
): EnumLookup | undefined {
  if (typeof schema !== "object") return undefined;
  const values = schema["enum"];
  if (!Array.isArray(values) || values.length < SCANNED) return undefined;
  const rules = Object.keys(schema).filter((key) => key !== "enum" && key !== "type" && !ANNOTATIONS.has(key));
  if (rules.some((key) => !SCALAR_RULES.has(key)) || (rules.length > 0 && compileRules === undefined)) return undefined;
  const types = schema["type"] === undefined ? undefined : [schema["type"]].flat();
  if (types?.some((type) => typeof type !== "string")) return undefined;
  if (values.some((value) => typeof value === "object" && value !== null)) return undefined;
  const listed = new Set(values.map(keyOf));
  const meetsRules =
    rules.length === 0 ? undefined : compileRules!(Object.fromEntries(rules.map((key) => [key, schema[key]!])));
  return (value) =>
    (typeof value !== "object" || value === null) &&
    listed.has(keyOf(value)) &&
    (types === undefined || types.some((type) => hasType(value, type as string))) &&
    (meetsRules === undefined || meetsRules(value));
}

/** One key per JSON value that equality holds equal: `1` and `1.0` are one number, `"1"` another value. */
function keyOf(value: JsonValue): string {
  return value === null ? "null" : `${typeof value}:${String(value)}`;
}

function hasType(value: JsonValue, type: string): boolean {
  if (type === "null") return value === null;
  if (type === "integer") return Number.isInteger(value);
  return typeof value === type;
}

/** The values of `values` that `listed` holds too, in linear time where `listed` holds plain values only. */
export function valuesListedIn(values: readonly JsonValue[], listed: readonly JsonValue[]): JsonValue[] {
  if (listed.some((value) => typeof value === "object" && value !== null))
    return values.filter((value) => listed.some((other) => jsonEqual(value, other)));
  const keys = new Set(listed.map(keyOf));
  return values.filter((value) => (typeof value !== "object" || value === null) && keys.has(keyOf(value)));
}
