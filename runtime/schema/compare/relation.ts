import type { JsonValue } from "../../util/json.js";

/**
 * Whether every value valid under one schema is valid under another: proved (`true`), disproved
 * by a value valid under the first and invalid under the second (`false`, checked with ajv against
 * both before it is given, with the keyword of the second that refuses it: its name, its pointer,
 * the place in the witness and why), or neither (`"unknown"`: the keyword or combination that stopped the proof, at its
 * pointer in the second schema).
 */
export type SchemaRelation =
  | { readonly holds: true }
  | {
      readonly holds: false;
      readonly witness: JsonValue;
      readonly keyword: string;
      readonly pointer: string;
      /** The place in the witness that the keyword refuses (a JSON pointer into the value). */
      readonly at: string;
      readonly reason: string;
    }
  | { readonly holds: "unknown"; readonly reason: string; readonly pointer: string };

/** The two directions of a change: what an old value meets in the new schema, and a new value in the old one. */
export interface SchemaComparison {
  readonly oldInNew: SchemaRelation;
  readonly newInOld: SchemaRelation;
}
