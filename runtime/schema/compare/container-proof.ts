// Proofs for the parts of arrays and objects: items by position, named, patterned and other properties.
import type { JsonObject, JsonSchema, JsonValue } from "../../util/json.js";
import { jsonEqual } from "../../util/json-equal.js";
import { childPointer } from "../json-pointer.js";
import {
  allowedTypes,
  type Conjunction,
  conjunctionOf,
  finiteValues,
  itemConstraints,
  keywordValues,
  namedProperties,
  otherPropertyConstraints,
  prefixLength,
  propertyConstraints,
  requiredNames,
} from "./conjunction.js";
import type { Context } from "./proof.js";
import { PROVED, type Proof, unknown } from "./proof.js";
import { lengthBound, proveRange } from "./scalar-proof.js";
import type { Located } from "./schema-side.js";

export function proveArrays(a: Conjunction, b: Conjunction, ctx: Context): Proof {
  const range = proveRange(a, b, "minItems", "maxItems");
  if (!range.proved) return range;
  for (const { value, pointer } of keywordValues(b, "uniqueItems")) {
    if (value !== true) continue;
    if (
      !keywordValues(a, "uniqueItems").some((own) => own.value === true) &&
      (lengthBound(a, "maxItems", false)?.value ?? Infinity) > 1
    )
      return unknown("uniqueItems: the second asks for it, the first does not", pointer);
  }
  const maxItems = lengthBound(a, "maxItems", false)?.value ?? Infinity;
  const positions = Math.max(prefixLength(a, ctx.sub), prefixLength(b, ctx.sup));
  for (let index = 0; index < positions && index < maxItems; index++) {
    const proof = ctx.prove(itemConstraints(a, ctx.sub, index), itemConstraints(b, ctx.sup, index), ctx);
    if (!proof.proved) return proof;
  }
  if (maxItems > positions)
    return ctx.prove(itemConstraints(a, ctx.sub, "rest"), itemConstraints(b, ctx.sup, "rest"), ctx);
  return PROVED;
}

export function proveObjects(a: Conjunction, b: Conjunction, ctx: Context): Proof {
  const required = requiredNames(a);
  for (const { value, pointer } of keywordValues(b, "required")) {
    if (!Array.isArray(value)) continue;
    const missing = value.find((name) => typeof name === "string" && !required.has(name));
    if (missing !== undefined)
      return unknown(`required: the second requires ${JSON.stringify(missing)}, the first does not`, pointer);
  }
  for (const name of new Set([...namedProperties(a), ...namedProperties(b)])) {
    const ours = propertyConstraints(a, name, "subset") as Located[];
    if (conjunctionOf(ours, ctx.sub).never) continue;
    const theirs = propertyConstraints(b, name, "superset");
    if (theirs === "pattern")
      return unknown(
        `patternProperties: a pattern the checker cannot test against ${JSON.stringify(name)}`,
        b.parts[0]?.pointer ?? "",
      );
    const proof = ctx.prove(ours, theirs, ctx);
    if (!proof.proved) return proof;
  }
  const others = otherPropertyConstraints(a, "subset") as Located[];
  const closed = conjunctionOf(others, ctx.sub).never;
  if (!closed) {
    const theirs = otherPropertyConstraints(b, "superset");
    if (theirs === "pattern") {
      const proof = provePatternedOthers(a, b, ctx);
      if (!proof.proved) return proof;
    } else {
      const proof = ctx.prove(others, theirs, ctx);
      if (!proof.proved) return proof;
    }
  }
  const named = [...namedProperties(a)].filter(
    (name) => !conjunctionOf(propertyConstraints(a, name, "subset") as Located[], ctx.sub).never,
  ).length;
  return proveRange(
    a,
    b,
    "minProperties",
    "maxProperties",
    required.size,
    closed && keywordValues(a, "patternProperties").length === 0 ? named : Infinity,
  );
}

/**
 * The properties no part names, where the superset side has `patternProperties`: proved only in
 * the plain case, one part on each side with the same patterns (so a name that matches one meets
 * the same schema on both) and, for the names that match none, additionalProperties compared.
 */
export function provePatternedOthers(a: Conjunction, b: Conjunction, ctx: Context): Proof {
  const governing = (c: Conjunction) =>
    c.parts.filter(
      (part) => Object.hasOwn(part.schema, "patternProperties") || Object.hasOwn(part.schema, "additionalProperties"),
    );
  const [ours, theirs] = [governing(a), governing(b)];
  const pointer = theirs[0]?.pointer ?? b.parts[0]?.pointer ?? "";
  if (ours.length !== 1 || theirs.length !== 1)
    return unknown("patternProperties across several schemas, which the checker does not compare", pointer);
  const [own, other] = [ours[0]!, theirs[0]!];
  if (
    !jsonEqual(own.schema["patternProperties"], other.schema["patternProperties"]) ||
    hasRef(other.schema["patternProperties"] ?? null)
  ) {
    return unknown(
      "patternProperties differ, which the checker compares only when equal",
      childPointer(other.pointer, "patternProperties"),
    );
  }
  const additional = (part: { schema: JsonObject; pointer: string }): Located[] =>
    Object.hasOwn(part.schema, "additionalProperties")
      ? [
          {
            schema: part.schema["additionalProperties"] as JsonSchema,
            pointer: childPointer(part.pointer, "additionalProperties"),
          },
        ]
      : [];
  return ctx.prove(additional(own), additional(other), ctx);
}

/**
 * Whether no value is valid under both: their types do not meet, or a required property's listed values are all refused
 * by the other.
 */
export function disjoint(a: Conjunction, other: Located, ctx: Context): boolean {
  const theirs = conjunctionOf([other], ctx.sup);
  if (theirs.never) return true;
  const ours = allowedTypes(a);
  const types = allowedTypes(theirs);
  if (
    ![...ours].some(
      (t) => types.has(t) || (t === "integer" && types.has("number")) || (t === "number" && types.has("integer")),
    )
  )
    return true;
  const finite = finiteValues(a);
  if (finite?.every((value) => ctx.sup.accepts(other.pointer, value) === false)) return true;
  for (const name of requiredNames(a)) {
    const values = finiteValues(conjunctionOf(propertyConstraints(a, name, "subset") as Located[], ctx.sub));
    const constraints = propertyConstraints(theirs, name, "superset");
    if (values === undefined || constraints === "pattern" || constraints.length === 0) continue;
    if (values.every((value) => constraints.some((c) => ctx.sup.accepts(c.pointer, value) === false))) return true;
  }
  return false;
}

export function hasRef(schema: JsonValue): boolean {
  if (typeof schema !== "object" || schema === null) return false;
  if (Array.isArray(schema)) return schema.some(hasRef);
  return Object.entries(schema).some(([key, value]) => key === "$ref" || key === "$dynamicRef" || hasRef(value));
}
