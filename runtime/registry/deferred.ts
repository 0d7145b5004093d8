import type { AdmittedSpec } from "./admitted-spec.js";
import { markServerAuthored } from "./server-authored.js";
import { type VerifiedSpec, verifySpecAt } from "./verify.js";

/** A spec that passed `deferrable`: frozen, named, carrying frozen fingerprints. */
export type DeferrableSpec = Readonly<Record<string, unknown>> & { readonly name: string };

/**
 * The keys that hold schemas: with a private input's `schema`, the only values the checks at registration do not walk.
 */
const SCHEMA_KEYS = ["parameters", "inputSchema", "outputSchema"] as const;
/** What those checks see in place of each schema: its root, all they look at. */
const ROOT_ONLY = Object.freeze({ type: "object" });

/**
 * Whether a spec's deep checks may wait until something relies on it: it names itself, and the
 * spec, each schema's root and the claimed fingerprints are frozen objects, so nothing that the
 * registration reads or records can change before then. What lies deeper is checked then, and
 * copied if it is not frozen; the claimed fingerprints pin what it must hash to. Generated
 * specs.ts qualifies; JSON from a client never does.
 */
export function deferrable(value: unknown): value is DeferrableSpec {
  if (!isFrozenObject(value) || typeof value["name"] !== "string" || !isFrozenObject(value["fingerprints"]))
    return false;
  for (const key of SCHEMA_KEYS) {
    if (!(key in value)) continue;
    const schema = value[key];
    if (!isFrozenObject(schema) || schema["type"] !== "object") return false;
  }
  // A private input's schema waits as the others do; it and its response must not change meanwhile.
  if (!("privateInput" in value)) return true;
  const privateInput = value["privateInput"];
  return (
    isFrozenObject(privateInput) &&
    isFrozenObject(privateInput["schema"]) &&
    privateInput["schema"]["type"] === "object" &&
    isFrozenObject(privateInput["response"])
  );
}

/** The spec the checks at registration see: every field as it is, each schema cut down to its root. */
export function standIn(spec: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...spec };
  for (const key of SCHEMA_KEYS) if (key in copy) copy[key] = ROOT_ONLY;
  const privateInput = copy["privateInput"];
  if (isFrozenObject(privateInput)) copy["privateInput"] = { ...privateInput, schema: ROOT_ONLY };
  return copy;
}

/**
 * A spec registered after the checks that do not walk its schemas. `verified()` does the rest
 * (every spec rule, deep-frozenness, hashing against the claimed fingerprints) the first time
 * anything relies on the tool, and keeps the outcome, the error included: one per spec object and
 * process, shared by every registry that holds it.
 */
export class DeferredSpec implements AdmittedSpec {
  // Plain fields assigned in the constructor: a thousand of these are made while the code is
  // cold, and field initializers cost a call each.
  declare readonly name: string;
  declare readonly key: DeferrableSpec;
  /** Where the spec was in the input it was first registered with: errors point there. */
  declare readonly pointer: string;
  declare private outcome: { readonly verified: VerifiedSpec } | { readonly error: unknown } | undefined;

  constructor(key: DeferrableSpec, pointer: string) {
    this.name = key.name;
    this.key = key;
    this.pointer = pointer;
    this.outcome = undefined;
  }

  get isVerified(): boolean {
    return this.outcome !== undefined && "verified" in this.outcome;
  }

  verified(): VerifiedSpec {
    const outcome = this.outcome;
    if (outcome !== undefined) {
      if ("verified" in outcome) return outcome.verified;
      throw outcome.error;
    }
    try {
      const verified = verifySpecAt(this.key, this.pointer, this.name);
      markServerAuthored(verified.spec);
      this.outcome = { verified };
      return verified;
    } catch (error) {
      this.outcome = { error };
      throw error;
    }
  }
}

const deferredSpecs = new WeakMap<object, DeferredSpec>();

/** The deferred spec of this object (which passed registration's checks), made on its first registration. */
export function deferSpec(source: DeferrableSpec, pointer: string): DeferredSpec {
  let deferred = deferredSpecs.get(source);
  if (deferred === undefined) deferredSpecs.set(source, (deferred = new DeferredSpec(source, pointer)));
  return deferred;
}

/** The deferred spec of an object registered before; else undefined. */
export function knownDeferredSpec(value: unknown): DeferredSpec | undefined {
  return typeof value === "object" && value !== null ? deferredSpecs.get(value) : undefined;
}

function isFrozenObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.isFrozen(value);
}
