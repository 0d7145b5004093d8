import type { VerifiedSpec } from "./verify.js";

/** A spec a registration accepted: verified already, or deferred until something relies on it. */
export interface AdmittedSpec {
  readonly name: string;
  /** The spec object as registered: the same object is the same spec, and comparing it needs no check. */
  readonly key: object;
  readonly isVerified: boolean;
  /** The verified spec: a deferred one is verified first (once), throwing what registration would have. */
  verified(): VerifiedSpec;
}
