import { childPointer } from "../tool-spec/json-pointer.js";
import type { JsonObject, JsonValue, SpecProblem } from "../tool-spec/types.js";
import { SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS, SINGLE_SCHEMA_KEYWORDS } from "../schema/keywords.js";
import { own } from "../schema/subschemas.js";

// What the providers' strict-mode checkers share.

/** A reference into the schema itself: the only kind a provider resolves. */
export function isLocalRef(ref: JsonValue): boolean {
  return typeof ref === "string" && (ref === "#" || ref.startsWith("#/"));
}

/** `true` and `false` used as subschemas: the strict grammars take object schemas only. */
export function booleanSubschemas(schema: JsonObject, pointer: string): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const report = (at: string) => problems.push({ pointer: at, message: "a boolean schema (true or false) is not supported: write the object schema it stands for" });
  for (const keyword of SINGLE_SCHEMA_KEYWORDS) {
    // `additionalProperties: false` is the one boolean the subsets require.
    if (keyword === "additionalProperties") continue;
    if (typeof own(schema, keyword) === "boolean") report(childPointer(pointer, keyword));
  }
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    const value = own(schema, keyword);
    if (Array.isArray(value)) value.forEach((item: JsonValue, i) => typeof item === "boolean" && report(childPointer(childPointer(pointer, keyword), i)));
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const value = own(schema, keyword);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      for (const [name, item] of Object.entries(value as JsonObject)) if (typeof item === "boolean") report(childPointer(childPointer(pointer, keyword), name));
    }
  }
  return problems;
}
