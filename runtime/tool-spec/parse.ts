import { childPointer } from "../schema/json-pointer.js";
import { isRecord } from "../util/guards.js";
import type { JsonObject, JsonValue, SpecProblem } from "../util/json.js";
import { ClientToolSpecError } from "./errors.js";
import { parametersKeyOf } from "./parameters-key.js";
import {
  checkAnnotations,
  checkFingerprints,
  checkObjectSchema,
  checkPrivateInput,
  checkRecovery,
  describe,
  kindCollision,
  openAiHint,
  type ParsedJsonShape,
  reportUnknownKeys,
} from "./spec-fields.js";
import type { ClientToolSpec } from "./types.js";

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
  if (!isRecord(input) || "client_tools" in input) {
    throw new ClientToolSpecError([{ pointer: "", message: "expected one spec object with name and description" }]);
  }
  const specs = parseClientToolSpecs(input);
  return specs[0]!;
}

function specEntries(input: unknown, problems: SpecProblem[]): { value: unknown; pointer: string }[] {
  if (Array.isArray(input)) return input.map((value, i) => ({ value, pointer: childPointer("", i) }));
  if (isRecord(input) && "client_tools" in input && !("name" in input)) {
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
  if (!isRecord(value)) {
    problems.push({ pointer, message: `expected a spec object with "name" and "description", got ${describe(value)}` });
    return undefined;
  }
  reportUnknownKeys(value, SPEC_KEYS, pointer, problems, "spec key", openAiHint(value));

  const name = value["name"];
  if (typeof name !== "string") {
    problems.push({
      pointer: childPointer(pointer, "name"),
      message:
        `"name" is required: a string such as ` +
        `"open_file_viewer"${name === undefined ? "" : `, got ${describe(name)}`}`,
    });
  } else if (!TOOL_NAME_PATTERN.test(name)) {
    problems.push({
      pointer: childPointer(pointer, "name"),
      message:
        `tool name ${JSON.stringify(name)} is invalid: use 1 to 64 ` +
        `letters, digits, "_" or "-", starting with a letter or "_"`,
    });
  }

  const description = value["description"];
  if (typeof description !== "string" || description.trim() === "") {
    problems.push({
      pointer: childPointer(pointer, "description"),
      message:
        `"description" is required: a non-empty string telling the ` +
        `model what the tool does${description === undefined ? "" : `, got ${describe(description)}`}`,
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
        message:
          `"awaited" must be true (awaited without an outputSchema: the ` +
          `client answers with text) or false, got ${describe(awaited)}`,
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
