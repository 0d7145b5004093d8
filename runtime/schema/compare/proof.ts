// What a proof says, and the state one proof carries through its recursion.
import type { Located, SchemaSide } from "./schema-side.js";

/** Whether every value of one schema is valid under another was proved, or what stopped the proof. */
export type Proof =
  | { readonly proved: true }
  | { readonly proved: false; readonly reason: string; readonly pointer: string };

export const PROVED: Proof = { proved: true };

export function unknown(reason: string, pointer: string): Proof {
  return { proved: false, reason, pointer };
}

export interface Context {
  readonly sub: SchemaSide;
  readonly sup: SchemaSide;
  /** Pairs being proved further up: met again, they hold by co-induction (a recursive schema compared with itself). */
  readonly assumed: Set<string>;
  /**
   * Pairs proved so far, so that shared `$defs` and recursive rings are proved once; a failed proof drops those proved
   * since it began, which may have assumed it.
   */
  readonly proved: Set<string>;
  readonly provedInOrder: string[];
  steps: number;
  /** The proof of one location against another, for the provers of parts to recurse with. */
  readonly prove: (a: readonly Located[], b: readonly Located[], ctx: Context) => Proof;
}
