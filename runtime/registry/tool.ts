import type { AdmittedSpec } from "./admitted-spec.js";
import type { RegisteredClientTool } from "./types.js";
import type { VerifiedSpec } from "./verify.js";

/** The admitted spec behind each tool, for the registry's comparisons that must not verify it. */
const admitted = new WeakMap<RegisteredClientTool, AdmittedSpec>();

/**
 * The registered tool for an admitted spec. A deferred spec's tool verifies it when its `spec`,
 * `fingerprints` or `identity` is first read. Every consumer reads them (lookups and lists, the
 * exporters, the broker, snapshots, a caller holding what `register` returned), so this is the
 * one place where first use is caught, whatever path the tool took to get there.
 */
export function toolFor(spec: AdmittedSpec): RegisteredClientTool {
  const tool = spec.isVerified ? verifiedTool(spec.verified()) : deferredTool(spec);
  admitted.set(tool, spec);
  return tool;
}

/** The admitted spec a registry tool was made from. */
export function admittedSpecOf(tool: RegisteredClientTool): AdmittedSpec {
  return admitted.get(tool)!;
}

function verifiedTool({ spec, fingerprints, identity }: VerifiedSpec): RegisteredClientTool {
  return Object.freeze({ name: spec.name, spec, fingerprints, identity });
}

/** Enumerable getters, so that the tool still reads, spreads, compares and serializes as plain data. */
function deferredTool(admitted: AdmittedSpec): RegisteredClientTool {
  return Object.freeze({
    name: admitted.name,
    get spec() {
      return admitted.verified().spec;
    },
    get fingerprints() {
      return admitted.verified().fingerprints;
    },
    get identity() {
      return admitted.verified().identity;
    },
  });
}
