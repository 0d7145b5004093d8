import { childPointer } from "../schema/json-pointer.js";
import { suggestKey } from "../schema/suggest.js";
import { isRecord } from "../util/guards.js";
// The checks of a spec's fields, each reporting every problem it finds with its pointer: the schemas' shape, the
// annotations, the private input, the fingerprints, the recovery policy, and keys no spec has.
import type { JsonObject, JsonValue, SpecProblem } from "../util/json.js";
import { toFrozenJson } from "./frozen-json.js";
import { refCycleProblems } from "./ref-cycles.js";
import { MAX_SCHEMA_DEPTH, schemaDepthProblems } from "./schema-depth.js";
import { CLIENT_TOOL_RECOVERIES } from "./types.js";

/**
 * `"redispatch"` sends a call again that the client may have run already: only a tool that says
 * that is harmless may have it, and never a private input (the user would be asked again for a
 * secret they may have given already).
 */
export function checkRecovery(
  recovery: unknown,
  annotations: unknown,
  privateInput: boolean,
  pointer: string,
  problems: SpecProblem[],
): unknown {
  if (typeof recovery !== "string" || !(CLIENT_TOOL_RECOVERIES as readonly string[]).includes(recovery)) {
    problems.push({
      pointer,
      message:
        `"recovery" must be one of ` +
        `${CLIENT_TOOL_RECOVERIES.map((r) => JSON.stringify(r)).join(", ")}, got ${describe(recovery)}`,
    });
  } else if (recovery === "redispatch" && privateInput) {
    problems.push({
      pointer,
      message:
        '"recovery": "redispatch" would ask the user for the private input again: a tool with "privateInput" takes "wait" or "settle"',
    });
  } else if (
    recovery === "redispatch" &&
    !(isRecord(annotations) && (annotations["idempotentHint"] === true || annotations["readOnlyHint"] === true))
  ) {
    problems.push({
      pointer,
      message:
        '"recovery": "redispatch" sends the call to the client again, which may run it twice: only for a tool annotated {"idempotentHint": true} or {"readOnlyHint": true}; otherwise use "wait" or "settle"',
    });
  }
  return recovery;
}

/** An argument `kind` travels as `mcp_arg_kind` (the action's own `kind` names the tool): a tool cannot have both. */
export function kindCollision(parameters: JsonObject, pointer: string, problems: SpecProblem[]): void {
  const properties = parameters["properties"];
  if (!isRecord(properties) || !Object.hasOwn(properties, "kind") || !Object.hasOwn(properties, "mcp_arg_kind")) return;
  problems.push({
    pointer: childPointer(childPointer(pointer, "properties"), "mcp_arg_kind"),
    message:
      'arguments "kind" and "mcp_arg_kind" collide on the wire: the agent server sends an argument "kind" as "mcp_arg_kind"; rename one of them',
  });
}

export function checkAnnotations(
  value: unknown,
  pointer: string,
  problems: SpecProblem[],
  parsed: ParsedJsonShape | undefined,
): JsonValue | undefined {
  if (!isRecord(value)) {
    problems.push({
      pointer,
      message: `"annotations" must be an object of MCP hints such as {"readOnlyHint": true}, got ${describe(value)}`,
    });
    return undefined;
  }
  reportUnknownKeys(value, ANNOTATION_KEYS, pointer, problems, "annotation");
  for (const key of ANNOTATION_KEYS) {
    if (!(key in value)) continue;
    const expected = key === "title" ? "string" : "boolean";
    if (typeof value[key] !== expected) {
      problems.push({
        pointer: childPointer(pointer, key),
        message: `"${key}" must be a ${expected}, got ${describe(value[key])}`,
      });
    }
  }
  return frozenJson(value, pointer, problems, parsed);
}

/**
 * A private input: its value's object schema, and the JSON object the model sees once the
 * server's handler took the value. The tool is awaited by what it is: no `outputSchema`, no `awaited`.
 */
export function checkPrivateInput(
  spec: Record<string, unknown>,
  specPointer: string,
  problems: SpecProblem[],
  parsed: ParsedJsonShape | undefined,
): JsonValue | undefined {
  const value = spec["privateInput"];
  const pointer = childPointer(specPointer, "privateInput");
  if ("outputSchema" in spec) {
    problems.push({
      pointer: childPointer(specPointer, "outputSchema"),
      message:
        'a tool with "privateInput" has no "outputSchema": the model sees privateInput.response, and the value goes to the server\'s handler',
    });
  }
  if ("awaited" in spec) {
    problems.push({
      pointer: childPointer(specPointer, "awaited"),
      message: 'a tool with "privateInput" is awaited by what it is: remove "awaited"',
    });
  }
  if (!isRecord(value)) {
    problems.push({
      pointer,
      message:
        `"privateInput" must be an object {"schema": {"type": ` +
        `"object", ...}, "response": {...}}, got ${describe(value)}`,
    });
    return undefined;
  }
  reportUnknownKeys(value, PRIVATE_INPUT_KEYS, pointer, problems, "privateInput key");
  const schema = checkObjectSchema(value["schema"], childPointer(pointer, "schema"), problems, parsed);
  const response = value["response"];
  if (!isRecord(response)) {
    problems.push({
      pointer: childPointer(pointer, "response"),
      message:
        `"response" is what the model sees once the server took the value: a ` +
        `JSON object such as {"status": "connected"}, got ${describe(response)}`,
    });
    return undefined;
  }
  const frozenResponse = frozenJson(response, childPointer(pointer, "response"), problems, parsed);
  if (schema === undefined) return undefined;
  // A deep-frozen input is kept as it is, as the other fields are, so that a generated spec is its own parsed form.
  if (schema === value["schema"] && frozenResponse === response && Object.isFrozen(value))
    return value as unknown as JsonValue;
  return Object.freeze({ schema, response: frozenResponse }) as unknown as JsonValue;
}

export function checkFingerprints(
  value: unknown,
  schemas: { readonly outputSchema: boolean; readonly privateInput: boolean },
  pointer: string,
  problems: SpecProblem[],
  parsed: ParsedJsonShape | undefined,
): JsonValue | undefined {
  if (!isRecord(value)) {
    problems.push({
      pointer,
      message: `"fingerprints" must be an object {"parameters": "<sha256 hex>"}, got ${describe(value)}`,
    });
    return undefined;
  }
  reportUnknownKeys(value, [...FINGERPRINT_KEYS, "compatible"], pointer, problems, "fingerprint");
  if ("compatible" in value && !compatibleVersionsValid(value["compatible"]))
    problems.push({
      pointer: childPointer(pointer, "compatible"),
      message:
        `"compatible" must list at most ${MAX_COMPATIBLE_VERSIONS} earlier versions as a page's contract names them ` +
        `("a~<12 hex>~<12 hex>"): regenerate the specs, or remove it`,
    });
  for (const key of FINGERPRINT_KEYS) {
    const required = key === "parameters" || schemas[key];
    const present = key in value;
    if (present && !required) {
      problems.push({
        pointer: childPointer(pointer, key),
        message: `a fingerprint of "${key}" needs an "${key}": remove it`,
      });
    } else if (required && (typeof value[key] !== "string" || !SHA256_HEX.test(value[key] as string))) {
      problems.push({
        pointer: childPointer(pointer, key),
        message:
          `fingerprint of "${key}" must be 64 lowercase hex digits ` +
          `(sha256): remove "fingerprints" to have them computed`,
      });
    }
  }
  return frozenJson(value, pointer, problems, parsed);
}

export function reportUnknownKeys(
  value: Record<string, unknown>,
  known: readonly string[],
  pointer: string,
  problems: SpecProblem[],
  what: string,
  hint?: string,
): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const suggestion = suggestKey(key, known);
    const fix =
      hint ?? (suggestion !== undefined ? `did you mean "${suggestion}"?` : `known keys: ${known.join(", ")}`);
    problems.push({ pointer: childPointer(pointer, key), message: `unknown ${what} ${JSON.stringify(key)}: ${fix}` });
  }
}

/**
 * An OpenAI-style tool (`{"type": "function", "function": {...}}`) gets one clear hint instead of several unknown keys.
 */
export function openAiHint(value: Record<string, unknown>): string | undefined {
  return "function" in value && isRecord(value["function"])
    ? 'this looks like an OpenAI tool definition: write the object inside "function" as the spec'
    : undefined;
}

export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string")
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`;
}

export function describeSchemaRoot(value: unknown): string {
  if (isRecord(value)) return "type" in value ? `"type": ${JSON.stringify(value["type"])}` : 'a schema without "type"';
  return describe(value);
}

export const ANNOTATION_KEYS = ["title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

export const FINGERPRINT_KEYS = ["parameters", "outputSchema", "privateInput"] as const;

export const PRIVATE_INPUT_KEYS = ["schema", "response"] as const;

export const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The most earlier versions a tool lists as compatible: the generator keeps the latest ones. */
export const MAX_COMPATIBLE_VERSIONS = 16;
const CONTRACT_VERSION = /^[facp]~[0-9a-f]{12}(~[0-9a-f]{12})?$/;

/** A list of earlier versions, each as a contract names a tool's version (see `ClientToolFingerprints.compatible`). */
export function compatibleVersionsValid(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length <= MAX_COMPATIBLE_VERSIONS &&
    value.every((version) => typeof version === "string" && CONTRACT_VERSION.test(version))
  );
}

/** What the generator knows of the JSON it parsed (see `checkParsedClientToolSpecs`). */
export interface ParsedJsonShape {
  /** The deepest nesting of the value's objects and arrays (the root at 0). */
  readonly deepest: number;
  /** True when this very text passed every rule before (the generator keeps which): the schemas' shapes are not walked. */
  readonly shapesChecked?: boolean;
}

export function checkObjectSchema(
  value: unknown,
  pointer: string,
  problems: SpecProblem[],
  parsed: ParsedJsonShape | undefined,
): JsonObject | undefined {
  if (!isRecord(value) || value["type"] !== "object") {
    problems.push({
      pointer,
      message:
        `the root of a tool schema must be an object schema: {"type": ` +
        `"object", "properties": {...}}, got ${describeSchemaRoot(value)}`,
    });
    return undefined;
  }
  const before = problems.length;
  const shape = { deepest: 0 };
  const schema = frozenJson(value, pointer, problems, parsed, shape) as JsonObject;
  if (problems.length === before && parsed?.shapesChecked !== true)
    problems.push(...schemaShapeProblems(schema, pointer, shape.deepest));
  return schema;
}

/**
 * The value as deep-frozen JSON: the caller's own parse as it is (`parsed`), anything else checked and copied where it
 * is not frozen.
 */
export function frozenJson(
  value: unknown,
  pointer: string,
  problems: SpecProblem[],
  parsed: ParsedJsonShape | undefined,
  shape?: { deepest: number },
): JsonValue {
  if (parsed === undefined) return toFrozenJson(value, pointer, problems, shape);
  if (shape !== undefined) shape.deepest = parsed.deepest;
  return value as JsonValue;
}

/**
 * Rules on a schema's shape that both ends need: nesting deep enough to defeat compilers and
 * validators, and `$ref` cycles that never step into the value (ajv recurses on them forever).
 * A schema too deep is not walked any further.
 */
export function schemaShapeProblems(schema: JsonObject, pointer: string, deepest?: number): SpecProblem[] {
  // `deepest` (from toFrozenJson, the root at 0) spares the depth rule its walk when it is within the limit.
  const tooDeep = deepest !== undefined && deepest < MAX_SCHEMA_DEPTH ? [] : schemaDepthProblems(schema, pointer);
  return tooDeep.length > 0 ? tooDeep : refCycleProblems(schema, pointer);
}
