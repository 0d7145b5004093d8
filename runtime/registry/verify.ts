import { schemaFingerprint } from "../fingerprint/index.js";
import { ClientToolSpecError } from "../spec/errors.js";
import { pointerTokens } from "../spec/json-pointer.js";
import { checkClientToolSpecs } from "../spec/parse.js";
import type { ClientToolFingerprints, ClientToolSpec, JsonObject } from "../spec/types.js";
import { ClientToolFingerprintMismatchError, ClientToolInvalidSpecError } from "./errors.js";

/** A spec whose fingerprints are known to be its schemas' own. */
export interface VerifiedSpec {
  /** Parsed, deep-frozen, and carrying its verified `fingerprints`: the form the registry keeps and snapshots. */
  readonly spec: ClientToolSpec;
  readonly fingerprints: ClientToolFingerprints;
  readonly identity: string;
}

/** A verified spec and where it was in the input. */
export interface VerifiedEntry extends VerifiedSpec {
  readonly pointer: string;
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
const verifiedSpecs = new WeakMap<ClientToolSpec, VerifiedSpec>();
const schemaFingerprints = new WeakMap<JsonObject, string>();

/**
 * Parses and verifies one spec, an array of specs, or a manifest `{ client_tools }`.
 * Specs the registry already keeps (from `tool.spec` or a snapshot) skip parsing and hashing.
 * Throws `ClientToolInvalidSpecError` listing every problem, or
 * `ClientToolFingerprintMismatchError` for a precomputed fingerprint that is stale.
 */
export function verifyClientToolSpecs(input: unknown): VerifiedEntry[] {
  return knownEntries(input) ?? parseEntries(input);
}

/** `name:<parameters fingerprint>:<outputSchema fingerprint, or "-" for fire-and-forget>` */
export function identityOf(name: string, fingerprints: ClientToolFingerprints): string {
  return `${name}:${fingerprints.parameters}:${fingerprints.outputSchema ?? "-"}`;
}

function parseEntries(input: unknown): VerifiedEntry[] {
  const { valid, problems } = checkClientToolSpecs(input);
  if (problems.length > 0) throw new ClientToolInvalidSpecError(new ClientToolSpecError(problems));
  return valid.map(({ spec, pointer }) => {
    const verified = verify(spec, pointer);
    const source = valueAt(input, pointer);
    if (parsedAsIs(source, spec)) verifiedSpecs.set(source, verified);
    return { ...verified, pointer };
  });
}

function valueAt(input: unknown, pointer: string): unknown {
  return pointerTokens(pointer).reduce<unknown>((value, token) => (value as Record<string, unknown>)[token], input);
}

/** Whether the parser returned a frozen input's fields as they were, which it does only for deep-frozen ones. */
function parsedAsIs(source: unknown, parsed: ClientToolSpec): source is ClientToolSpec {
  if (typeof source !== "object" || source === null || !Object.isFrozen(source)) return false;
  const fields = parsed as unknown as Readonly<Record<string, unknown>>;
  return Object.entries(source).every(([key, value]) => fields[key] === value);
}

/** The entries when every spec in the input is one the registry verified before; else undefined. */
function knownEntries(input: unknown): VerifiedEntry[] | undefined {
  let items: readonly unknown[];
  let base: string | undefined;
  if (Array.isArray(input)) {
    items = input;
    base = "";
  } else if (isManifest(input)) {
    items = input.client_tools;
    base = "/client_tools";
  } else {
    items = [input];
  }
  const entries: VerifiedEntry[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const known = typeof item === "object" && item !== null ? verifiedSpecs.get(item as ClientToolSpec) : undefined;
    if (known === undefined) return undefined;
    entries.push({ ...known, pointer: base === undefined ? "" : `${base}/${i}` });
  }
  return entries;
}

function isManifest(input: unknown): input is { client_tools: readonly unknown[] } {
  if (typeof input !== "object" || input === null) return false;
  const keys = Object.keys(input);
  return keys.length === 1 && keys[0] === "client_tools" && Array.isArray((input as { client_tools: unknown }).client_tools);
}

function verify(spec: ClientToolSpec, pointer: string): VerifiedSpec {
  const fingerprints: ClientToolFingerprints =
    spec.outputSchema === undefined
      ? { parameters: fingerprintOf(spec.parameters) }
      : { parameters: fingerprintOf(spec.parameters), outputSchema: fingerprintOf(spec.outputSchema) };
  const claimed = spec.fingerprints;
  if (claimed !== undefined) {
    for (const key of ["parameters", "outputSchema"] as const) {
      if (claimed[key] !== fingerprints[key]) {
        throw new ClientToolFingerprintMismatchError(spec.name, `${pointer}/fingerprints/${key}`, String(claimed[key]), String(fingerprints[key]));
      }
    }
  }
  const kept = claimed !== undefined ? spec : Object.freeze({ ...spec, fingerprints });
  const verified: VerifiedSpec = Object.freeze({ spec: kept, fingerprints, identity: identityOf(spec.name, fingerprints) });
  verifiedSpecs.set(kept, verified);
  return verified;
}

function fingerprintOf(schema: JsonObject): string {
  let fingerprint = schemaFingerprints.get(schema);
  if (fingerprint === undefined) schemaFingerprints.set(schema, (fingerprint = schemaFingerprint(schema)));
  return fingerprint;
}
