import type { JsonValue } from "../../runtime/util/json.js";
import { tsLiteral } from "../ts-literal.js";
import { typecheck } from "../typecheck.js";

/** Values to assign to one type: `type` is a type expression in scope of `imports`. */
export interface AssignmentCase {
  readonly type: string;
  readonly values: readonly JsonValue[];
}

export interface AssignmentResult {
  /** Per case, per value: whether the compiler accepted the assignment. */
  readonly accepted: readonly (readonly boolean[])[];
  /** Diagnostics outside the assignments: the types' own files failing to compile, say. */
  readonly otherErrors: readonly string[];
}

const CHECK_FILE = "/src/assignments.ts";

/**
 * Type-checks `const x: <type> = <value>` for every value of every case in one program (one
 * compile for thousands of assignments), each on a line of its own, and reads back which lines
 * have an error. `files` are the modules holding the types (absolute paths, as for typecheck).
 */
export function checkAssignments(
  files: Readonly<Record<string, string>>,
  imports: readonly string[],
  cases: readonly AssignmentCase[],
): AssignmentResult {
  const lines = [...imports];
  const place: { c: number; v: number }[] = [];
  cases.forEach((c, i) => {
    c.values.forEach((value, j) => {
      place[lines.length + 1] = { c: i, v: j };
      lines.push(`export const c${i}_${j}: ${c.type} = ${tsLiteral(value)};`);
    });
  });
  const accepted = cases.map((c) => c.values.map(() => true));
  const otherErrors: string[] = [];
  for (const diagnostic of typecheck({ ...files, [CHECK_FILE]: `${lines.join("\n")}\n` })) {
    const match = /^(.*?):(\d+):\d+ /.exec(diagnostic);
    const at = match?.[1] === CHECK_FILE ? place[Number(match[2])] : undefined;
    if (at === undefined) otherErrors.push(diagnostic);
    else accepted[at.c]![at.v] = false;
  }
  return { accepted, otherErrors };
}
