import { own } from "../schema/subschemas.js";
import type { ClientToolSpec } from "../tool-spec/types.js";
import { isJsonObject } from "../util/guards.js";
import type { JsonObject, JsonValue } from "../util/json.js";
import type { ExportedObjectSchema, ExportIssue } from "./types.js";

export interface OverlayOptions {
  /** Add an optional `summary` string: the model's ~10-word summary of what the call does. */
  readonly summary?: boolean;
  /**
   * Add an optional `security_risk` enum (UNKNOWN, LOW, MEDIUM, HIGH); never for tools annotated `readOnlyHint: true`.
   */
  readonly securityRisk?: boolean;
}

export const SECURITY_RISK_LEVELS = Object.freeze(["UNKNOWN", "LOW", "MEDIUM", "HIGH"] as const);

interface Overlay {
  readonly option: keyof OverlayOptions;
  readonly property: string;
  readonly schema: JsonObject;
  /** The same, as strict mode takes it: required, and null when the model has nothing to say. */
  readonly strictSchema: JsonObject;
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
    strictSchema: Object.freeze({
      type: Object.freeze(["string", "null"]),
      description: "A short summary (about 10 words) of what this call does, shown to the user; null if you have none.",
    }),
    appliesTo: () => true,
  },
  {
    option: "securityRisk",
    property: "security_risk",
    schema: Object.freeze({
      type: "string",
      enum: SECURITY_RISK_LEVELS,
      description:
        "Your estimate of this call's risk: LOW for safe, easily undone actions, MEDIUM for " +
        "changes that need care, HIGH for destructive or irreversible ones, UNKNOWN if unsure.",
    }),
    strictSchema: Object.freeze({
      type: Object.freeze(["string", "null"]),
      enum: Object.freeze([...SECURITY_RISK_LEVELS, null]),
      description:
        "Your estimate of this call's risk: LOW for safe, easily undone actions, MEDIUM for changes " +
        "that need care, HIGH for destructive or irreversible ones, UNKNOWN or null if unsure.",
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
const added = new WeakMap<
  object,
  { readonly names: readonly string[]; readonly addedProperties: boolean; readonly addedRequired: boolean }
>();

/**
 * The spec's parameters with the overlays asked for: the very same object when none applies,
 * else a shallow copy whose `properties` has the overlay properties appended (subschemas are
 * shared, not copied). An overlay never replaces a property the tool already has: it is
 * skipped and a warning says so. It is optional, except for a tool exported in strict mode
 * (`strict`), which needs every property required: there it is required and nullable.
 */
export function applyOverlays(
  spec: ClientToolSpec,
  options: OverlayOptions,
  warnings: ExportIssue[],
  strict = false,
): JsonObject {
  const wanted = OVERLAYS.filter((overlay) => options[overlay.option] === true && overlay.appliesTo(spec));
  if (wanted.length === 0) return spec.parameters;
  const properties = own(spec.parameters, "properties");
  if (properties !== undefined && !isJsonObject(properties)) {
    warnings.push({
      tool: spec.name,
      pointer: "/parameters/properties",
      message: '"properties" is not an object, so no overlay was added',
    });
    return spec.parameters;
  }
  const additions: [string, JsonObject][] = [];
  for (const overlay of wanted) {
    if (properties !== undefined && Object.hasOwn(properties, overlay.property)) {
      warnings.push({
        tool: spec.name,
        pointer: `/parameters/properties/${overlay.property}`,
        message:
          `the ${overlay.option} overlay was skipped: the tool has its ` +
          `own "${overlay.property}" parameter, which is kept as it is`,
      });
      continue;
    }
    additions.push([overlay.property, strict ? overlay.strictSchema : overlay.schema]);
  }
  if (additions.length === 0) return spec.parameters;
  const names = additions.map(([name]) => name);
  const withOverlays: JsonObject = Object.freeze({ ...properties, ...Object.fromEntries(additions) });
  const required = own(spec.parameters, "required");
  const requiredNames = Array.isArray(required) ? (required as readonly JsonValue[]) : [];
  const exported: JsonObject = Object.freeze({
    ...spec.parameters,
    properties: withOverlays,
    ...(strict && { required: Object.freeze([...requiredNames, ...names]) }),
  });
  added.set(exported, {
    names,
    addedProperties: properties === undefined,
    addedRequired: strict && required === undefined,
  });
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
  // Key by key, so the original order stays.
  const entries: [string, JsonValue][] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (key === "properties") {
      const kept = Object.entries(value as JsonObject).filter(([name]) => !record.names.includes(name));
      if (!(record.addedProperties && kept.length === 0)) entries.push([key, Object.freeze(Object.fromEntries(kept))]);
    } else if (key === "required" && Array.isArray(value)) {
      if (!record.addedRequired)
        entries.push([
          key,
          Object.freeze(
            (value as readonly JsonValue[]).filter((name) => typeof name !== "string" || !record.names.includes(name)),
          ),
        ]);
    } else {
      entries.push([key, value]);
    }
  }
  return Object.freeze(Object.fromEntries(entries));
}
