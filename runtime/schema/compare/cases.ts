// The subset side of a proof split on its unions: one conjunction per branch taken.
import type { JsonSchema } from "../../util/json.js";
import { childPointer } from "../json-pointer.js";
import { type Conjunction, conjunctionOf } from "./conjunction.js";
import type { Located, SchemaSide } from "./schema-side.js";

/**
 * The subset side split on its `anyOf`/`oneOf` (as if `anyOf`: a `oneOf` accepts no more), each case a conjunction
 * without them.
 */
export function casesOf(a: Conjunction, side: SchemaSide, maxCases: number): Conjunction[] | undefined {
  let cases: { conjunction: Conjunction; split: Set<string> }[] = [{ conjunction: a, split: new Set() }];
  for (let round = 0; round < 16; round++) {
    const next: { conjunction: Conjunction; split: Set<string> }[] = [];
    let changed = false;
    for (const { conjunction, split } of cases) {
      const disjunction = firstDisjunction(conjunction, split);
      if (disjunction === undefined) {
        next.push({ conjunction, split });
        continue;
      }
      changed = true;
      for (const branch of disjunction.branches) {
        const parts = [
          ...conjunction.parts.map((p) => ({ schema: p.schema as JsonSchema, pointer: p.pointer })),
          branch,
        ];
        next.push({ conjunction: conjunctionOf(parts, side), split: new Set([...split, disjunction.pointer]) });
      }
      if (next.length > maxCases) return undefined;
    }
    cases = next;
    if (!changed) return cases.map((c) => c.conjunction).filter((c) => !c.never);
  }
  return undefined;
}

function firstDisjunction(
  conjunction: Conjunction,
  split: ReadonlySet<string>,
): { pointer: string; branches: Located[] } | undefined {
  for (const part of conjunction.parts) {
    for (const keyword of ["anyOf", "oneOf"]) {
      const branches = part.schema[keyword];
      const pointer = childPointer(part.pointer, keyword);
      if (!Array.isArray(branches) || split.has(pointer)) continue;
      return {
        pointer,
        branches: branches.map((branch, i) => ({ schema: branch as JsonSchema, pointer: childPointer(pointer, i) })),
      };
    }
  }
  return undefined;
}
