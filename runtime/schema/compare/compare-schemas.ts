import type { JsonSchema } from "../../util/json.js";
import { jsonEqual } from "../../util/json-equal.js";
import { keywordLocation } from "./keyword-location.js";
import type { SchemaComparison, SchemaRelation } from "./relation.js";
import { type SchemaSide, schemaSide } from "./schema-side.js";
import { proveSubschema } from "./subschema-proof.js";
import { findWitness } from "./witness.js";

const HOLDS: SchemaRelation = { holds: true };

/**
 * Compares two versions of a tool's schema in both directions: whether every value the old one
 * accepts is accepted by the new one (`oldInNew`: calls and answers made under the old schema
 * meet the new code), and every value the new one accepts by the old one (`newInOld`: the new
 * code meets pages and servers still on the old one). Each relation is proved, disproved by a
 * witness that ajv checked against both, or unknown with the keyword that stopped the proof.
 * Formats are checked as the runtime's validators check them (asserted).
 */
export function compareSchemas(oldSchema: JsonSchema, newSchema: JsonSchema): SchemaComparison {
  if (jsonEqual(oldSchema, newSchema)) return { oldInNew: HOLDS, newInOld: HOLDS };
  const before = schemaSide(oldSchema);
  const after = schemaSide(newSchema);
  try {
    return { oldInNew: relation(before, after), newInOld: relation(after, before) };
  } finally {
    before.release();
    after.release();
  }
}

function relation(sub: SchemaSide, sup: SchemaSide): SchemaRelation {
  const proof = proveSubschema(sub, sup);
  if (proof.proved) return HOLDS;
  const witness = findWitness(sub, sup);
  if (witness !== undefined) {
    const refusal = sup.refusal(witness) ?? { keyword: "", pointer: "", at: "", reason: "the second refuses it" };
    return { holds: false, witness, ...refusal, pointer: keywordLocation(sup, refusal.pointer, witness, refusal.at) };
  }
  return { holds: "unknown", reason: proof.reason, pointer: proof.pointer };
}
