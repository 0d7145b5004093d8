import { childPointer } from "../schema/json-pointer.js";
import { SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS, SINGLE_SCHEMA_KEYWORDS } from "../schema/keywords.js";
import type { JsonObject, JsonValue, SpecProblem } from "../util/json.js";

// What the providers' strict-mode checkers share.

/** A reference into the schema itself: the only kind a provider resolves. */
export function isLocalRef(ref: JsonValue): boolean {
  return typeof ref === "string" && (ref === "#" || ref.startsWith("#/"));
}

const SINGLE: ReadonlySet<string> = new Set(SINGLE_SCHEMA_KEYWORDS);
const LISTS: ReadonlySet<string> = new Set(SCHEMA_LIST_KEYWORDS);
const MAPS: ReadonlySet<string> = new Set(SCHEMA_MAP_KEYWORDS);

/** `true` and `false` used as subschemas: the strict grammars take object schemas only. */
export function booleanSubschemas(schema: JsonObject, pointer: string): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const report = (at: string) =>
    problems.push({
      pointer: at,
      message: "a boolean schema (true or false) is not supported: write the object schema it stands for",
    });
  // The schema's own keys, which are few, rather than every keyword that could hold a subschema.
  for (const keyword of Object.keys(schema)) {
    const value = schema[keyword];
    // `additionalProperties: false` is the one boolean the subsets require.
    if (SINGLE.has(keyword) && keyword !== "additionalProperties" && typeof value === "boolean")
      report(childPointer(pointer, keyword));
    if (LISTS.has(keyword) && Array.isArray(value))
      value.forEach(
        (item: JsonValue, i) => typeof item === "boolean" && report(childPointer(childPointer(pointer, keyword), i)),
      );
    if (MAPS.has(keyword) && typeof value === "object" && value !== null && !Array.isArray(value)) {
      for (const [name, item] of Object.entries(value as JsonObject))
        if (typeof item === "boolean") report(childPointer(childPointer(pointer, keyword), name));
    }
  }
  return problems;
}
