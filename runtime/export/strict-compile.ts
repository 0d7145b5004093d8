import { childPointer } from "../schema/json-pointer.js";
import { setOwnKey } from "../schema/own-key.js";
import { resolveLocal } from "../schema/ref-tokens.js";
import { isObjectSchema, own } from "../schema/subschemas.js";
import { isJsonObject } from "../util/guards.js";
import type { JsonObject, JsonValue, SpecProblem } from "../util/json.js";
import { findRecursiveRef } from "./ref-cycles.js";
import { analyzeStrictCompatibility, type StrictModeTarget } from "./strict.js";
import { anthropicTakesKeyword } from "./strict-anthropic.js";
import { DESCRIBED, DROPPED, REFUSED } from "./strict-keywords.js";
import { openAiTakesKeyword } from "./strict-openai.js";
import { isLocalRef } from "./strict-rules.js";

/** One change `strict: "compile"` made to derive a tool's strict variant, at its pointer in the original schema. */
export interface StrictTransform {
  readonly pointer: string;
  readonly keyword: string;
  readonly change: string;
}

/**
 * A tool's parameters for a provider's strict mode: as they are when they qualify; else a
 * variant derived from them, with every change listed; else the reasons no variant can be
 * derived without changing what the tool means, or without a mapping back that is certain.
 */
export type StrictCompilation =
  | { readonly kind: "as-is" }
  | { readonly kind: "compiled"; readonly schema: JsonObject; readonly changes: readonly StrictTransform[] }
  | { readonly kind: "refused"; readonly problems: readonly SpecProblem[] };

interface Context {
  readonly target: StrictModeTarget;
  readonly root: JsonObject;
  readonly changes: StrictTransform[];
  readonly problems: SpecProblem[];
}

/**
 * Derives the strict variant of a tool's parameters for `target` (`strict: "compile"`): for
 * OpenAI, every optional property becomes required and nullable (`anyOf: [its schema, {"type":
 * "null"}]`, at the place that uses it, so a definition shared by required and optional places
 * stays one); every object without `additionalProperties` is closed; keywords the provider
 * refuses are moved into the description (validation, which the original schema still applies
 * once the arguments are mapped back by `fromStrictArguments`) or dropped (annotations), and
 * `oneOf` becomes `anyOf`. Where the mapping back would be ambiguous (an optional property
 * that also takes null; several object branches of one `anyOf`), or an open object cannot be
 * closed, the tool is refused with the reasons, never compiled wrongly. The original is only read.
 */
export function compileStrictVariant(schema: JsonObject, target: StrictModeTarget): StrictCompilation {
  if (analyzeStrictCompatibility(schema, target).length === 0) return { kind: "as-is" };
  const context: Context = { target, root: schema, changes: [], problems: [] };
  if (target === "anthropic") {
    const recursive = findRecursiveRef(schema);
    if (recursive !== undefined)
      context.problems.push({
        pointer: recursive,
        message: "recursive schemas are not supported in Anthropic's strict mode",
      });
  }
  if (target === "openai" && own(schema, "anyOf") !== undefined)
    context.problems.push({ pointer: "/anyOf", message: '"anyOf" at the root has no strict-mode equivalent' });
  const variant = compileSchema(schema, "", context);
  if (context.problems.length > 0) return { kind: "refused", problems: context.problems };
  // The variant must pass the checker itself: anything this compiler did not foresee refuses the tool.
  const left = analyzeStrictCompatibility(variant, target);
  if (left.length > 0) return { kind: "refused", problems: left };
  return { kind: "compiled", schema: variant, changes: context.changes };
}

function compileSchema(schema: JsonObject, pointer: string, context: Context): JsonObject {
  const at = (keyword: string) => childPointer(pointer, keyword);
  const out: { [key: string]: JsonValue } = {};
  const described: string[] = [];
  const kept = context.target === "openai" ? openAiTakesKeyword : anthropicTakesKeyword;
  for (const [keyword, value] of Object.entries(schema)) {
    if (
      keyword === "description" ||
      keyword === "title" ||
      keyword === "type" ||
      keyword === "enum" ||
      keyword === "const" ||
      keyword === "required"
    ) {
      out[keyword] = value;
    } else if (keyword in REFUSED) {
      context.problems.push({ pointer: at(keyword), message: REFUSED[keyword]! });
    } else if (keyword === "properties" || keyword === "$defs" || keyword === "definitions") {
      if (!isJsonObject(value)) continue;
      out[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, item]) => [name, subschema(item, childPointer(at(keyword), name), context)]),
      );
    } else if (keyword === "items") {
      if (!isJsonObject(value))
        context.problems.push({
          pointer: at(keyword),
          message: Array.isArray(value)
            ? "tuples are not supported in strict mode"
            : "a boolean items schema has no strict-mode equivalent",
        });
      else out[keyword] = compileSchema(value, at(keyword), context);
    } else if (keyword === "anyOf" || keyword === "oneOf") {
      if (!Array.isArray(value)) continue;
      out["anyOf"] = [
        ...((out["anyOf"] as JsonValue[] | undefined) ?? []),
        ...value.map((item, i) => subschema(item, childPointer(at(keyword), i), context)),
      ];
      if (keyword === "oneOf")
        context.changes.push({
          pointer: at(keyword),
          keyword,
          change: "became anyOf (the original schema still requires exactly one branch)",
        });
      if (context.target === "openai") ambiguousBranches(value, at(keyword), context);
    } else if (keyword === "allOf") {
      if (
        context.target === "anthropic" &&
        Array.isArray(value) &&
        value.every((item) => isJsonObject(item) && own(item, "$ref") === undefined)
      )
        out[keyword] = value.map((item, i) => subschema(item, childPointer(at(keyword), i), context));
      else
        context.problems.push({
          pointer: at(keyword),
          message:
            context.target === "openai"
              ? '"allOf" has no equivalent in OpenAI strict mode'
              : '"allOf" with a "$ref" in it is not supported in Anthropic strict mode',
        });
    } else if (keyword === "$ref") {
      if (!isLocalRef(value))
        context.problems.push({
          pointer: at(keyword),
          message: "only references within the schema (#/...) are supported",
        });
      else out[keyword] = value;
    } else if (keyword === "additionalProperties") {
      if (value === false) out[keyword] = false;
      else if (value !== true)
        context.problems.push({
          pointer: at(keyword),
          message: "an object whose additionalProperties is a schema (a map of any keys) cannot be closed",
        });
    } else if (kept(keyword, value)) {
      out[keyword] = value;
    } else if (DESCRIBED.has(keyword)) {
      described.push(`${keyword}: ${JSON.stringify(value)}`);
      context.changes.push({ pointer: at(keyword), keyword, change: "moved to the description" });
    } else if (DROPPED.has(keyword) || keyword.startsWith("x-")) {
      context.changes.push({ pointer: at(keyword), keyword, change: "dropped" });
    } else {
      context.problems.push({ pointer: at(keyword), message: `"${keyword}" has no strict-mode equivalent` });
    }
  }
  if (described.length > 0) {
    const written = own(schema, "description");
    out["description"] =
      `${typeof written === "string" && written !== "" ? `${written} ` : ""}(${described.join("; ")})`;
  }
  if (isObjectSchema(schema)) closeObject(schema, out, pointer, context);
  return out;
}

function subschema(value: JsonValue, pointer: string, context: Context): JsonValue {
  if (isJsonObject(value)) return compileSchema(value, pointer, context);
  context.problems.push({ pointer, message: "a boolean schema (true or false) has no strict-mode equivalent" });
  return value;
}

/** Closes the object, and for OpenAI makes every optional property required and nullable. */
function closeObject(schema: JsonObject, out: { [key: string]: JsonValue }, pointer: string, context: Context): void {
  const additional = own(schema, "additionalProperties");
  if (additional !== false) {
    out["additionalProperties"] = false;
    context.changes.push({
      pointer,
      keyword: "additionalProperties",
      change: "closed (additionalProperties: false): the model sends only the properties the schema names",
    });
  }
  if (context.target !== "openai") return;
  const properties = out["properties"];
  if (!isJsonObject(properties)) return;
  const required = own(schema, "required");
  const requiredNames = new Set(Array.isArray(required) ? required : []);
  const names = Object.keys(properties);
  const nullable: { [name: string]: JsonValue } = { ...properties };
  for (const name of names) {
    if (requiredNames.has(name)) continue;
    const original = (own(schema, "properties") as JsonObject)[name]!;
    const propertyPointer = childPointer(childPointer(pointer, "properties"), name);
    if (acceptsNull(original, context.root, new Set())) {
      context.problems.push({
        pointer: propertyPointer,
        message:
          `"${name}" is optional and also takes null: in a strict ` + `variant, null could not tell "absent" from null`,
      });
      continue;
    }
    setOwnKey(nullable, name, { anyOf: [properties[name]!, { type: "null" }] });
    context.changes.push({
      pointer: propertyPointer,
      keyword: "required",
      change: "made required and nullable: null stands for absent",
    });
  }
  out["properties"] = nullable;
  out["required"] = names;
}

/** Whether a schema lets null through (no constraint on type at all counts: it takes anything). */
function acceptsNull(schema: JsonValue, root: JsonObject, seen: Set<string>): boolean {
  if (schema === true) return true;
  if (!isJsonObject(schema)) return false;
  const type = own(schema, "type");
  if (type !== undefined && !(type === "null" || (Array.isArray(type) && type.includes("null")))) return false;
  const values = own(schema, "enum");
  if (Array.isArray(values)) return values.includes(null);
  const constant = own(schema, "const");
  if (constant !== undefined) return constant === null;
  const ref = own(schema, "$ref");
  if (typeof ref === "string" && isLocalRef(ref) && !seen.has(ref)) {
    seen.add(ref);
    const target = resolveLocal(root, ref);
    if (target !== undefined && !acceptsNull(target, root, seen)) return false;
  }
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = own(schema, keyword);
    if (Array.isArray(branches) && !branches.some((branch) => acceptsNull(branch, root, seen))) return false;
  }
  return true;
}

/**
 * Several branches of one anyOf that can hold an object (or an array): which branch's optional
 * properties a null belongs to would not be certain when mapping back (a `$ref` counts as both).
 */
function ambiguousBranches(branches: readonly JsonValue[], pointer: string, context: Context): void {
  for (const kind of ["object", "array"] as const) {
    if (branches.filter((branch) => branchHolds(branch, kind)).length > 1) {
      context.problems.push({
        pointer,
        message: `several branches can hold an ${kind}: mapping a strict variant's nulls back would be ambiguous`,
      });
    }
  }
}

/** Whether an anyOf branch can hold a value of this JSON kind, as the mapping back tells branches apart. */
export function branchHolds(branch: JsonValue, kind: "object" | "array"): boolean {
  if (!isJsonObject(branch)) return false;
  if (own(branch, "$ref") !== undefined) return true;
  const type = own(branch, "type");
  if (type === undefined)
    return kind === "object" ? own(branch, "properties") !== undefined : own(branch, "items") !== undefined;
  return type === kind || (Array.isArray(type) && type.includes(kind));
}
