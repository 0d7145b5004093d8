import type { JsonObject, JsonValue, SpecProblem } from "../schema/json.js";
import { childPointer } from "../schema/json-pointer.js";
import { suggestKey } from "../schema/suggest.js";
import { ClientToolSpecError } from "./errors.js";
import { toFrozenJson } from "./frozen-json.js";
import { parametersKeyOf } from "./parameters-key.js";
import { refCycleProblems } from "./ref-cycles.js";
import { MAX_SCHEMA_DEPTH, schemaDepthProblems } from "./schema-depth.js";
import { CLIENT_TOOL_RECOVERIES, type ClientToolSpec } from "./types.js";

/** What every LLM provider accepts as a function name. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;

/** The keys a spec may have. */
export const SPEC_KEYS = [
  "name",
  "description",
  "parameters",
  "inputSchema",
  "outputSchema",
  "awaited",
  "privateInput",
  "annotations",
  "permission",
  "timeoutSeconds",
  "maxAttempts",
  "recovery",
  "fingerprints",
  // Names the JSON Schema of the spec format, for editors; not part of the tool.
  "$schema",
] as const;
const ANNOTATION_KEYS = ["title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;
const FINGERPRINT_KEYS = ["parameters", "outputSchema", "privateInput"] as const;
const PRIVATE_INPUT_KEYS = ["schema", "response"] as const;
const SHA256_HEX = /^[0-9a-f]{64}$/;
const EMPTY_PARAMETERS: JsonObject = Object.freeze({ type: "object", properties: Object.freeze({}) });

/** One valid spec, with the JSON pointer of the object it came from. */
export interface CheckedSpec {
  readonly spec: ClientToolSpec;
  readonly pointer: string;
}

export interface CheckedSpecs {
  /** The specs that passed, in input order. */
  readonly valid: readonly CheckedSpec[];
  /** Every problem found, each at a JSON pointer into the input. */
  readonly problems: readonly SpecProblem[];
}

/**
 * Checks one spec, an array of specs, or a manifest `{ "client_tools": [...] }` and reports
 * every problem at once. The generator and the runtime share these rules.
 */
export function checkClientToolSpecs(input: unknown): CheckedSpecs {
  return checkSpecEntries(input, undefined);
}

/** What the generator knows of the JSON it parsed (see `checkParsedClientToolSpecs`). */
export interface ParsedJsonShape {
  /** The deepest nesting of the value's objects and arrays (the root at 0). */
  readonly deepest: number;
}

/**
 * checkClientToolSpecs for the generator's own parse of a file: deep-frozen JSON (plain objects,
 * finite numbers, within MAX_JSON_DEPTH), whose values are taken as they are, with no walk to
 * copy, freeze or check them as JSON. Not part of the package's exports: a value anyone else
 * built goes through checkClientToolSpecs.
 */
export function checkParsedClientToolSpecs(input: JsonValue, shape: ParsedJsonShape): CheckedSpecs {
  return checkSpecEntries(input, shape);
}

function checkSpecEntries(input: unknown, parsed: ParsedJsonShape | undefined): CheckedSpecs {
  const problems: SpecProblem[] = [];
  const valid: CheckedSpec[] = [];
  for (const { value, pointer } of specEntries(input, problems)) {
    const before = problems.length;
    const spec = checkSpec(value, pointer, problems, parsed);
    if (spec !== undefined && problems.length === before) valid.push({ spec, pointer });
  }
  return { valid, problems };
}

/** Parses one or many specs into deep-frozen `ClientToolSpec`s; throws `ClientToolSpecError` listing every problem. */
export function parseClientToolSpecs(input: unknown): readonly ClientToolSpec[] {
  const { valid, problems } = checkClientToolSpecs(input);
  if (problems.length > 0) throw new ClientToolSpecError(problems);
  return valid.map((entry) => entry.spec);
}

/** Parses exactly one spec object; throws `ClientToolSpecError` listing every problem. */
export function parseClientToolSpec(input: unknown): ClientToolSpec {
  if (!isPlainObject(input) || "client_tools" in input) {
    throw new ClientToolSpecError([{ pointer: "", message: "expected one spec object with name and description" }]);
  }
  const specs = parseClientToolSpecs(input);
  return specs[0]!;
}

function specEntries(input: unknown, problems: SpecProblem[]): { value: unknown; pointer: string }[] {
  if (Array.isArray(input)) return input.map((value, i) => ({ value, pointer: childPointer("", i) }));
  if (isPlainObject(input) && "client_tools" in input && !("name" in input)) {
    const tools = input["client_tools"];
    const extra = Object.keys(input).filter((key) => key !== "client_tools");
    for (const key of extra) {
      problems.push({
        pointer: childPointer("", key),
        message: `unknown manifest key "${key}": a manifest holds only "client_tools"`,
      });
    }
    if (!Array.isArray(tools)) {
      problems.push({ pointer: "/client_tools", message: '"client_tools" must be an array of spec objects' });
      return [];
    }
    return tools.map((value, i) => ({ value, pointer: childPointer("/client_tools", i) }));
  }
  return [{ value: input, pointer: "" }];
}

function checkSpec(
  value: unknown,
  pointer: string,
  problems: SpecProblem[],
  parsed: ParsedJsonShape | undefined,
): ClientToolSpec | undefined {
  if (!isPlainObject(value)) {
    problems.push({ pointer, message: `expected a spec object with "name" and "description", got ${describe(value)}` });
    return undefined;
  }
  reportUnknownKeys(value, SPEC_KEYS, pointer, problems, "spec key", openAiHint(value));

  const name = value["name"];
  if (typeof name !== "string") {
    problems.push({
      pointer: childPointer(pointer, "name"),
      message: `"name" is required: a string such as "open_file_viewer"${name === undefined ? "" : `, got ${describe(name)}`}`,
    });
  } else if (!TOOL_NAME_PATTERN.test(name)) {
    problems.push({
      pointer: childPointer(pointer, "name"),
      message: `tool name ${JSON.stringify(name)} is invalid: use 1 to 64 letters, digits, "_" or "-", starting with a letter or "_"`,
    });
  }

  const description = value["description"];
  if (typeof description !== "string" || description.trim() === "") {
    problems.push({
      pointer: childPointer(pointer, "description"),
      message: `"description" is required: a non-empty string telling the model what the tool does${description === undefined ? "" : `, got ${describe(description)}`}`,
    });
  }

  if ("parameters" in value && "inputSchema" in value) {
    problems.push({
      pointer: childPointer(pointer, "inputSchema"),
      message: '"parameters" and "inputSchema" are the same thing: keep one of them',
    });
  }
  const parametersKey = parametersKeyOf(value);
  const parameters =
    value[parametersKey] === undefined && !(parametersKey in value)
      ? EMPTY_PARAMETERS
      : checkObjectSchema(value[parametersKey], childPointer(pointer, parametersKey), problems, parsed);
  if (parameters !== undefined) kindCollision(parameters, childPointer(pointer, parametersKey), problems);
  if ("$schema" in value && typeof value["$schema"] !== "string") {
    problems.push({
      pointer: childPointer(pointer, "$schema"),
      message: `"$schema" names the JSON Schema of the spec format, a URL string, got ${describe(value["$schema"])}`,
    });
  }
  const outputSchema =
    "outputSchema" in value
      ? checkObjectSchema(value["outputSchema"], childPointer(pointer, "outputSchema"), problems, parsed)
      : undefined;

  const spec: Record<string, unknown> = { name, description, parameters };
  if (outputSchema !== undefined) spec["outputSchema"] = outputSchema;
  if ("awaited" in value) {
    const awaited = value["awaited"];
    if (typeof awaited !== "boolean") {
      problems.push({
        pointer: childPointer(pointer, "awaited"),
        message: `"awaited" must be true (awaited without an outputSchema: the client answers with text) or false, got ${describe(awaited)}`,
      });
    } else if (!awaited && "outputSchema" in value) {
      problems.push({
        pointer: childPointer(pointer, "awaited"),
        message:
          'a tool with an "outputSchema" is awaited: remove "awaited": false, or the outputSchema to make it fire-and-forget',
      });
    }
    spec["awaited"] = awaited;
  }
  if ("privateInput" in value) spec["privateInput"] = checkPrivateInput(value, pointer, problems, parsed);
  if ("annotations" in value)
    spec["annotations"] = checkAnnotations(
      value["annotations"],
      childPointer(pointer, "annotations"),
      problems,
      parsed,
    );
  if ("permission" in value) {
    const permission = value["permission"];
    if (typeof permission !== "string" || permission.trim() === "") {
      problems.push({
        pointer: childPointer(pointer, "permission"),
        message: `"permission" must be a non-empty string such as "browser.open", got ${describe(permission)}`,
      });
    }
    spec["permission"] = permission;
  }
  if ("timeoutSeconds" in value) {
    const timeout = value["timeoutSeconds"];
    if (typeof timeout !== "number" || !Number.isFinite(timeout) || timeout <= 0) {
      problems.push({
        pointer: childPointer(pointer, "timeoutSeconds"),
        message: `"timeoutSeconds" must be a positive number of seconds, such as 30, got ${describe(timeout)}`,
      });
    }
    spec["timeoutSeconds"] = timeout;
  }
  if ("maxAttempts" in value) {
    const attempts = value["maxAttempts"];
    if (typeof attempts !== "number" || !Number.isInteger(attempts) || attempts < 1) {
      problems.push({
        pointer: childPointer(pointer, "maxAttempts"),
        message: `"maxAttempts" must be a whole number of at least 1, got ${describe(attempts)}`,
      });
    }
    spec["maxAttempts"] = attempts;
  }
  if ("recovery" in value)
    spec["recovery"] = checkRecovery(
      value["recovery"],
      spec["annotations"],
      "privateInput" in value,
      childPointer(pointer, "recovery"),
      problems,
    );
  if ("fingerprints" in value) {
    const schemas = { outputSchema: outputSchema !== undefined, privateInput: "privateInput" in value };
    spec["fingerprints"] = checkFingerprints(
      value["fingerprints"],
      schemas,
      childPointer(pointer, "fingerprints"),
      problems,
      parsed,
    );
  }
  return Object.freeze(spec) as unknown as ClientToolSpec;
}

/**
 * `"redispatch"` sends a call again that the client may have run already: only a tool that says
 * that is harmless may have it, and never a private input (the user would be asked again for a
 * secret they may have given already).
 */
function checkRecovery(
  recovery: unknown,
  annotations: unknown,
  privateInput: boolean,
  pointer: string,
  problems: SpecProblem[],
): unknown {
  if (typeof recovery !== "string" || !(CLIENT_TOOL_RECOVERIES as readonly string[]).includes(recovery)) {
    problems.push({
      pointer,
      message: `"recovery" must be one of ${CLIENT_TOOL_RECOVERIES.map((r) => JSON.stringify(r)).join(", ")}, got ${describe(recovery)}`,
    });
  } else if (recovery === "redispatch" && privateInput) {
    problems.push({
      pointer,
      message:
        '"recovery": "redispatch" would ask the user for the private input again: a tool with "privateInput" takes "wait" or "settle"',
    });
  } else if (
    recovery === "redispatch" &&
    !(isPlainObject(annotations) && (annotations["idempotentHint"] === true || annotations["readOnlyHint"] === true))
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
function kindCollision(parameters: JsonObject, pointer: string, problems: SpecProblem[]): void {
  const properties = parameters["properties"];
  if (!isPlainObject(properties) || !Object.hasOwn(properties, "kind") || !Object.hasOwn(properties, "mcp_arg_kind"))
    return;
  problems.push({
    pointer: childPointer(childPointer(pointer, "properties"), "mcp_arg_kind"),
    message:
      'arguments "kind" and "mcp_arg_kind" collide on the wire: the agent server sends an argument "kind" as "mcp_arg_kind"; rename one of them',
  });
}

function checkObjectSchema(
  value: unknown,
  pointer: string,
  problems: SpecProblem[],
  parsed: ParsedJsonShape | undefined,
): JsonObject | undefined {
  if (!isPlainObject(value) || value["type"] !== "object") {
    problems.push({
      pointer,
      message: `the root of a tool schema must be an object schema: {"type": "object", "properties": {...}}, got ${describeSchemaRoot(value)}`,
    });
    return undefined;
  }
  const before = problems.length;
  const shape = { deepest: 0 };
  const schema = frozenJson(value, pointer, problems, parsed, shape) as JsonObject;
  if (problems.length === before) problems.push(...schemaShapeProblems(schema, pointer, shape.deepest));
  return schema;
}

/**
 * The value as deep-frozen JSON: the caller's own parse as it is (`parsed`), anything else checked and copied where it
 * is not frozen.
 */
function frozenJson(
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

function checkAnnotations(
  value: unknown,
  pointer: string,
  problems: SpecProblem[],
  parsed: ParsedJsonShape | undefined,
): JsonValue | undefined {
  if (!isPlainObject(value)) {
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
function checkPrivateInput(
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
  if (!isPlainObject(value)) {
    problems.push({
      pointer,
      message: `"privateInput" must be an object {"schema": {"type": "object", ...}, "response": {...}}, got ${describe(value)}`,
    });
    return undefined;
  }
  reportUnknownKeys(value, PRIVATE_INPUT_KEYS, pointer, problems, "privateInput key");
  const schema = checkObjectSchema(value["schema"], childPointer(pointer, "schema"), problems, parsed);
  const response = value["response"];
  if (!isPlainObject(response)) {
    problems.push({
      pointer: childPointer(pointer, "response"),
      message: `"response" is what the model sees once the server took the value: a JSON object such as {"status": "connected"}, got ${describe(response)}`,
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

function checkFingerprints(
  value: unknown,
  schemas: { readonly outputSchema: boolean; readonly privateInput: boolean },
  pointer: string,
  problems: SpecProblem[],
  parsed: ParsedJsonShape | undefined,
): JsonValue | undefined {
  if (!isPlainObject(value)) {
    problems.push({
      pointer,
      message: `"fingerprints" must be an object {"parameters": "<sha256 hex>"}, got ${describe(value)}`,
    });
    return undefined;
  }
  reportUnknownKeys(value, FINGERPRINT_KEYS, pointer, problems, "fingerprint");
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
        message: `fingerprint of "${key}" must be 64 lowercase hex digits (sha256): remove "fingerprints" to have them computed`,
      });
    }
  }
  return frozenJson(value, pointer, problems, parsed);
}

function reportUnknownKeys(
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
function openAiHint(value: Record<string, unknown>): string | undefined {
  return "function" in value && isPlainObject(value["function"])
    ? 'this looks like an OpenAI tool definition: write the object inside "function" as the spec'
    : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string")
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`;
}

function describeSchemaRoot(value: unknown): string {
  if (isPlainObject(value))
    return "type" in value ? `"type": ${JSON.stringify(value["type"])}` : 'a schema without "type"';
  return describe(value);
}
