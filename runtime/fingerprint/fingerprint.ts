import type { ClientToolFingerprints, ClientToolSpec } from "../tool-spec/types.js";
import type { JsonSchema } from "../util/json.js";
import { canonicalJson } from "./canonical-json.js";
import { sha256Hex } from "./sha256.js";

/**
 * sha256 (hex) of the schema's RFC 8785 canonical JSON: key order does not change it, array
 * order does, and `1` and `1.0` are the same number. Synchronous and browser-safe.
 */
export function schemaFingerprint(schema: JsonSchema): string {
  return sha256Hex(canonicalJson(schema));
}

/**
 * The fingerprints that make up a tool's identity (with its name): parameters and, for awaited tools, the output schema
 * or the whole private input.
 */
export function toolFingerprints(
  spec: Pick<ClientToolSpec, "parameters" | "outputSchema" | "privateInput">,
): ClientToolFingerprints {
  const parameters = schemaFingerprint(spec.parameters);
  if (spec.privateInput !== undefined) return { parameters, privateInput: schemaFingerprint(spec.privateInput) };
  return spec.outputSchema === undefined
    ? { parameters }
    : { parameters, outputSchema: schemaFingerprint(spec.outputSchema) };
}
