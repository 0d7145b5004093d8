import { findCycle } from "../schema/find-cycle.js";
import { childPointer, pointerTokens } from "../schema/json-pointer.js";
import { forEachRef, valueAt } from "../schema/json-walk.js";
import {
  IN_PLACE_KEYWORDS,
  SCHEMA_LIST_KEYWORDS,
  SCHEMA_MAP_KEYWORDS,
  SINGLE_SCHEMA_KEYWORDS,
} from "../schema/keywords.js";
import type { JsonObject, JsonValue, SpecProblem } from "../util/json.js";

/**
 * A `$ref` cycle that never steps into the data: `a` is `allOf: [{$ref: b}]` and `b` is
 * `allOf: [{$ref: a}]`, or `a` is `{$ref: a}`. Validating any value would apply `a` to it
 * forever (ajv overflows the stack compiling such a schema), and the type is meaningless, so
 * it is refused. Recursion through `properties`, `items` and the like is fine: each step
 * goes one level into the value. Every `$ref` is local here (file refs are bundled first).
 */
export function refCycleProblems(schema: JsonObject, pointer: string): SpecProblem[] {
  const refs: { target: string; at: string }[] = [];
  forEachRef(schema, "", (ref, refPointer) => {
    if (ref !== "#" && !ref.startsWith("#/")) return;
    try {
      refs.push({ target: decodeURIComponent(ref.slice(1)), at: refPointer });
    } catch {
      // the bundler reports malformed refs
    }
  });
  // A cycle goes from a target on to another ref, so some target must apply a $ref in place.
  // Most schemas' targets do not (a `$defs` entry reached from `properties`): no graph then.
  const targets = new Set(refs.map((r) => r.target));
  if (![...targets].some((target) => appliesRefInPlace(valueAt(schema, pointerTokens(target))))) return [];
  /** Schema pointer -> the targets of the refs applied to that schema's value. */
  const edges = new Map<string, { target: string; at: string }[]>();
  for (const { target, at: refPointer } of refs) {
    for (const applied of inPlaceAncestors(schema, pointerTokens(refPointer).slice(0, -1))) {
      let list = edges.get(applied);
      if (list === undefined) edges.set(applied, (list = []));
      list.push({ target, at: refPointer });
    }
  }
  const cycle = findCycle(targets, edges);
  if (cycle === undefined) return [];
  const path = cycle.targets.map((t) => `#${t}`).join(" -> ");
  return [
    {
      pointer: `${pointer}${cycle.at}`,
      message:
        `$ref cycle ${path} never steps into the value (only through allOf, anyOf, oneOf, not, if/then/else or $ref), ` +
        `so validation would recurse forever: make the cycle pass through "properties" or "items", or break it`,
    },
  ];
}

/**
 * The schemas whose value a schema at `tokens` applies to: itself, and each ancestor reached
 * going up only through in-place keywords. Walks down from the root along the real values,
 * so a property named "not" is not taken for the keyword.
 */
function inPlaceAncestors(root: JsonObject, tokens: readonly string[]): string[] {
  const schemas: { pointer: string; inPlace: boolean }[] = [{ pointer: "", inPlace: false }];
  let current: JsonValue = root;
  let pointer = "";
  for (let i = 0; i < tokens.length; ) {
    if (typeof current !== "object" || current === null || Array.isArray(current)) return [];
    const keyword = tokens[i]!;
    const value: JsonValue | undefined = Object.hasOwn(current, keyword) ? (current as JsonObject)[keyword] : undefined;
    const isList: boolean = Array.isArray(value) && SCHEMA_LIST_KEYWORDS.has(keyword);
    const isMap: boolean =
      !isList &&
      SCHEMA_MAP_KEYWORDS.has(keyword) &&
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value);
    let step: string[];
    if (isList || isMap) step = [keyword, tokens[i + 1] ?? ""];
    else if (SINGLE_SCHEMA_KEYWORDS.has(keyword)) step = [keyword];
    else return []; // not a schema position (a data keyword or an unknown one): nothing is applied from here
    current = isList
      ? ((value as readonly JsonValue[])[Number(step[1])] ?? null)
      : isMap
        ? ((value as JsonObject)[step[1]!] ?? null)
        : (value ?? null);
    for (const token of step) pointer = childPointer(pointer, token);
    schemas.push({ pointer, inPlace: IN_PLACE_KEYWORDS.has(keyword) });
    i += step.length;
  }
  const applied: string[] = [];
  for (let i = schemas.length - 1; i >= 0; i--) {
    applied.push(schemas[i]!.pointer);
    if (!schemas[i]!.inPlace) break;
  }
  return applied;
}

/** Whether the schema, or a subschema it applies to the same value, holds a `$ref`. */
function appliesRefInPlace(schema: JsonValue | undefined): boolean {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return false;
  const object = schema as JsonObject;
  if (typeof object["$ref"] === "string" && Object.hasOwn(object, "$ref")) return true;
  for (const keyword of IN_PLACE_KEYWORDS) {
    const value = Object.hasOwn(object, keyword) ? object[keyword] : undefined;
    if (typeof value !== "object" || value === null) continue;
    const subschemas = Array.isArray(value)
      ? (value as readonly JsonValue[])
      : SINGLE_SCHEMA_KEYWORDS.has(keyword)
        ? [value]
        : Object.values(value as JsonObject);
    if (subschemas.some(appliesRefInPlace)) return true;
  }
  return false;
}
