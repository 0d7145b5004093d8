import type { JsonValue } from "../../util/json.js";

/**
 * Whether every value valid under one schema is valid under another: proved (`true`), disproved
 * by a value valid under the first and invalid under the second (`false`, checked with ajv against
 * both before it is given), or neither (`"unknown"`: the keyword or combination that stopped the
 * proof, at its pointer in the second schema).
 */
export type SchemaRelation =
  | { readonly holds: true }
  | { readonly holds: false; readonly witness: JsonValue }
  | { readonly holds: "unknown"; readonly reason: string; readonly pointer: string };

/** The two directions of a change: what an old value meets in the new schema, and a new value in the old one. */
export interface SchemaComparison {
  readonly oldInNew: SchemaRelation;
  readonly newInOld: SchemaRelation;
}
