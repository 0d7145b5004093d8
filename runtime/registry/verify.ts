import { schemaFingerprint } from "../fingerprint/fingerprint.js";
import { ClientToolSpecError } from "../tool-spec/errors.js";
import { checkClientToolSpecs } from "../tool-spec/parse.js";
import type { ClientToolFingerprints, ClientToolSpec } from "../tool-spec/types.js";
import type { JsonObject } from "../util/json.js";
import { ClientToolFingerprintMismatchError, ClientToolInvalidSpecError } from "./errors.js";

/** A spec whose fingerprints are known to be its schemas' own. */
export interface VerifiedSpec {
  /** Parsed, deep-frozen, and carrying its verified `fingerprints`: the form the registry keeps and snapshots. */
  readonly spec: ClientToolSpec;
  readonly fingerprints: ClientToolFingerprints;
  readonly identity: string;
}

/*
 * Why the caches below are sound: every key is an object that can never change.
 * - `verifiedSpecs` holds the specs the registry keeps (frozen), and the caller's own spec
 *   objects when they are deep-frozen (generated specs.ts is): the parser hands back a
 *   deep-frozen input's schemas as they are, and a frozen spec's other fields cannot change.
 * - `schemaFingerprints` holds the schemas the parser returns, all deep-frozen.
 * So a spec object is parsed and its fingerprints checked once per process; registering it
 * again (in every conversation, on restore, in a fork) costs a map lookup. Input that arrives
 * as JSON is never frozen, so it is always parsed and hashed. A fingerprint a spec brings
 * along is compared with one computed here before anything relies on it: never trusted.
 */
const verifiedSpecs = new WeakMap<object, VerifiedSpec>();
const schemaFingerprints = new WeakMap<JsonObject, string>();

/**
 * `name:<parameters fingerprint>:<outputSchema fingerprint, "private:" and the private input's,
 * "content" when awaited without either, or "-" for fire-and-forget>`: a tool's mode is part of what it is.
 */
function identityOf(spec: ClientToolSpec, fingerprints: ClientToolFingerprints): string {
  const answer =
    fingerprints.privateInput !== undefined
      ? `private:${fingerprints.privateInput}`
      : (fingerprints.outputSchema ?? (spec.awaited === true ? "content" : "-"));
  return `${spec.name}:${fingerprints.parameters}:${answer}`;
}

/**
 * The verified form of a spec object verified before (one the registry keeps, or a deep-frozen input); else undefined.
 */
export function knownVerifiedSpec(value: unknown): VerifiedSpec | undefined {
  return typeof value === "object" && value !== null ? verifiedSpecs.get(value) : undefined;
}

/**
 * Checks one spec object against every rule, deep into its schemas, then its fingerprints: the
 * work a deferred registration put off. Problems are reported at `pointer`, where the spec was in
 * the registration input, and name the tool, since they surface away from that registration.
 */
export function verifySpecAt(source: unknown, pointer: string, toolName: string): VerifiedSpec {
  const known = knownVerifiedSpec(source);
  if (known !== undefined) return known;
  const { valid, problems } = checkClientToolSpecs(source);
  if (problems.length > 0) {
    const located = problems.map((problem) => ({ pointer: pointer + problem.pointer, message: problem.message }));
    throw new ClientToolInvalidSpecError(new ClientToolSpecError(located), toolName);
  }
  return verifyParsed(source, valid[0]!.spec, pointer);
}

/**
 * Computes a parsed spec's fingerprints (throwing `ClientToolFingerprintMismatchError` when a
 * precomputed one differs) and remembers the result for the kept spec, and for `source`, the
 * caller's object, when the parser returned its fields as they were.
 */
export function verifyParsed(source: unknown, spec: ClientToolSpec, pointer: string): VerifiedSpec {
  const verified = verify(spec, pointer);
  if (parsedAsIs(source, spec)) verifiedSpecs.set(source, verified);
  return verified;
}

/** Whether the parser returned a frozen input's fields as they were, which it does only for deep-frozen ones. */
function parsedAsIs(source: unknown, parsed: ClientToolSpec): source is ClientToolSpec {
  if (typeof source !== "object" || source === null || !Object.isFrozen(source)) return false;
  const fields = parsed as unknown as Readonly<Record<string, unknown>>;
  return Object.entries(source).every(([key, value]) => fields[key] === value);
}

function verify(spec: ClientToolSpec, pointer: string): VerifiedSpec {
  const fingerprints: ClientToolFingerprints =
    spec.privateInput !== undefined
      ? { parameters: fingerprintOf(spec.parameters), privateInput: fingerprintOf(spec.privateInput) }
      : spec.outputSchema === undefined
        ? { parameters: fingerprintOf(spec.parameters) }
        : { parameters: fingerprintOf(spec.parameters), outputSchema: fingerprintOf(spec.outputSchema) };
  const claimed = spec.fingerprints;
  if (claimed !== undefined) {
    for (const key of ["parameters", "outputSchema", "privateInput"] as const) {
      if (claimed[key] !== fingerprints[key]) {
        throw new ClientToolFingerprintMismatchError(
          spec.name,
          `${pointer}/fingerprints/${key}`,
          String(claimed[key]),
          String(fingerprints[key]),
        );
      }
    }
  }
  const kept = claimed !== undefined ? spec : Object.freeze({ ...spec, fingerprints });
  const verified: VerifiedSpec = Object.freeze({ spec: kept, fingerprints, identity: identityOf(spec, fingerprints) });
  verifiedSpecs.set(kept, verified);
  return verified;
}

function fingerprintOf(schema: JsonObject): string {
  let fingerprint = schemaFingerprints.get(schema);
  if (fingerprint === undefined) schemaFingerprints.set(schema, (fingerprint = schemaFingerprint(schema)));
  return fingerprint;
}
