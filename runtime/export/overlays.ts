import type { ClientToolSpec, JsonObject } from "../tool-spec/types.js";
import { isJsonObject, own } from "../schema/subschemas.js";
import type { ExportedObjectSchema, ExportIssue } from "./types.js";

export interface OverlayOptions {
  /** Add an optional `summary` string: the model's ~10-word summary of what the call does. */
  readonly summary?: boolean;
  /** Add an optional `security_risk` enum (UNKNOWN, LOW, MEDIUM, HIGH); never for tools annotated `readOnlyHint: true`. */
  readonly securityRisk?: boolean;
}

export const SECURITY_RISK_LEVELS = Object.freeze(["UNKNOWN", "LOW", "MEDIUM", "HIGH"] as const);

interface Overlay {
  readonly option: keyof OverlayOptions;
  readonly property: string;
  readonly schema: JsonObject;
  readonly appliesTo: (spec: ClientToolSpec) => boolean;
}

const OVERLAYS: readonly Overlay[] = [
  {
    option: "summary",
    property: "summary",
    schema: Object.freeze({
      type: "string",
      description: "A short summary (about 10 words) of what this call does, shown to the user.",
    }),
    appliesTo: () => true,
  },
  {
    option: "securityRisk",
    property: "security_risk",
    schema: Object.freeze({
      type: "string",
      enum: SECURITY_RISK_LEVELS,
      description: "Your estimate of this call's risk: LOW for safe, easily undone actions, MEDIUM for changes that need care, HIGH for destructive or irreversible ones, UNKNOWN if unsure.",
    }),
    // A read-only tool has no risk to rate; asking would only cost tokens.
    appliesTo: (spec) => spec.annotations?.readOnlyHint !== true,
  },
];

/**
 * What was added to each parameters object this module made: the overlay property names, and
 * whether `properties` itself was added. Kept beside the object, never in it, so providers
 * see nothing but the overlay properties, and `removeOverlays` takes out exactly what was added.
 */
const added = new WeakMap<object, { readonly names: readonly string[]; readonly addedProperties: boolean }>();

/**
 * The spec's parameters with the overlays asked for: the very same object when none applies,
 * else a shallow copy whose `properties` has the overlay properties appended (subschemas are
 * shared, not copied). An overlay is never made required, and never replaces a property the
 * tool already has: it is skipped and a warning says so.
 */
export function applyOverlays(spec: ClientToolSpec, options: OverlayOptions, warnings: ExportIssue[]): JsonObject {
  const wanted = OVERLAYS.filter((overlay) => options[overlay.option] === true && overlay.appliesTo(spec));
  if (wanted.length === 0) return spec.parameters;
  const properties = own(spec.parameters, "properties");
  if (properties !== undefined && !isJsonObject(properties)) {
    warnings.push({ tool: spec.name, pointer: "/parameters/properties", message: '"properties" is not an object, so no overlay was added' });
    return spec.parameters;
  }
  const additions: [string, JsonObject][] = [];
  for (const overlay of wanted) {
    if (properties !== undefined && Object.hasOwn(properties, overlay.property)) {
      warnings.push({
        tool: spec.name,
        pointer: `/parameters/properties/${overlay.property}`,
        message: `the ${overlay.option} overlay was skipped: the tool has its own "${overlay.property}" parameter, which is kept as it is`,
      });
      continue;
    }
    additions.push([overlay.property, overlay.schema]);
  }
  if (additions.length === 0) return spec.parameters;
  const withOverlays: JsonObject = Object.freeze({ ...properties, ...Object.fromEntries(additions) });
  const exported: JsonObject = Object.freeze({ ...spec.parameters, properties: withOverlays });
  added.set(exported, { names: additions.map(([name]) => name), addedProperties: properties === undefined });
  return exported;
}

/**
 * Given the parameters schema of an exported tool, the schema without the overlays: the same
 * JSON as the spec's (same fingerprint). Works on the objects `exportClientTools` returned;
 * anything else (another schema, or an export after a JSON round trip) is returned as it is.
 */
export function removeOverlays(parameters: ExportedObjectSchema | JsonObject): JsonObject {
  const record = added.get(parameters);
  const schema = parameters as JsonObject;
  if (record === undefined) return schema;
  const { properties, ...rest } = schema;
  const kept = Object.entries(properties as JsonObject).filter(([name]) => !record.names.includes(name));
  if (record.addedProperties && kept.length === 0) return Object.freeze(rest);
  return Object.freeze({ ...schema, properties: Object.freeze(Object.fromEntries(kept)) });
}
