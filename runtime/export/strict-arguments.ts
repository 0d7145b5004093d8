import { setOwnKey } from "../schema/own-key.js";
import { resolveLocal } from "../schema/ref-tokens.js";
import { isObjectSchema, own } from "../schema/subschemas.js";
import type { ClientToolSpec } from "../tool-spec/types.js";
import { isJsonObject } from "../util/guards.js";
import type { JsonObject, JsonValue } from "../util/json.js";
import type { StrictModeTarget } from "./strict.js";
import { branchHolds, compileStrictVariant, type StrictCompilation } from "./strict-compile.js";

const compilations = new WeakMap<JsonObject, Map<StrictModeTarget, StrictCompilation>>();

/**
 * The strict variant of these parameters for the target, derived once per schema object (a spec's schemas are frozen).
 */
export function strictCompilationOf(parameters: JsonObject, target: StrictModeTarget): StrictCompilation {
  let byTarget = compilations.get(parameters);
  if (byTarget === undefined) compilations.set(parameters, (byTarget = new Map()));
  let compiled = byTarget.get(target);
  if (compiled === undefined) byTarget.set(target, (compiled = compileStrictVariant(parameters, target)));
  return compiled;
}

/**
 * The model's arguments under a tool's strict variant (`strict: "compile"`), in the shape of the
 * tool's own parameters: a null the variant put in place of an optional property becomes that
 * property's absence again. Arguments of a tool exported as it is come back as they are. Only
 * the shape is mapped: check the result against the original schema (the broker and the
 * generated `dispatchToolCall` do, given the export's `fromStrictArguments`).
 */
export function fromStrictArguments(tool: ClientToolSpec, target: StrictModeTarget, args: unknown): unknown {
  const compiled = strictCompilationOf(tool.parameters, target);
  // Only OpenAI's variants turn absence into null; Anthropic's take optional properties as they are.
  if (compiled.kind !== "compiled" || target !== "openai") return args;
  return mapBack(tool.parameters, args as JsonValue, tool.parameters, 0);
}

/**
 * How many `$ref`s in a row may be followed without stepping into the value: more means a cycle that consumes nothing.
 */
const MAX_REF_CHAIN = 32;

function mapBack(schema: JsonValue | undefined, value: JsonValue, root: JsonObject, refChain: number): JsonValue {
  if (!isJsonObject(schema)) return value;
  const ref = own(schema, "$ref");
  if (typeof ref === "string" && refChain < MAX_REF_CHAIN)
    return mapBack(resolveLocal(root, ref), value, root, refChain + 1);
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = own(schema, keyword);
    const kind = Array.isArray(value) ? "array" : isJsonObject(value) ? "object" : undefined;
    if (Array.isArray(branches) && kind !== undefined) {
      // The compiler refused schemas where two branches could hold this kind of value.
      const branch = branches.find((candidate) => branchHolds(candidate, kind));
      if (branch !== undefined) return mapBack(branch, value, root, refChain);
    }
  }
  if (Array.isArray(value)) {
    const items = own(schema, "items");
    return isJsonObject(items) ? value.map((item) => mapBack(items, item, root, 0)) : value;
  }
  if (!isJsonObject(value) || !isObjectSchema(schema)) return value;
  const properties = own(schema, "properties");
  const required = own(schema, "required");
  const requiredNames = new Set(Array.isArray(required) ? required : []);
  const out: { [key: string]: JsonValue } = {};
  for (const [name, item] of Object.entries(value)) {
    const property = isJsonObject(properties) && Object.hasOwn(properties, name) ? properties[name] : undefined;
    // An optional property that takes no null was made nullable: its null means "absent".
    if (item === null && property !== undefined && !requiredNames.has(name)) continue;
    setOwnKey(out, name, mapBack(property, item, root, 0));
  }
  return out;
}
