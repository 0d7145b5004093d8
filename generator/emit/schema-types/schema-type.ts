import type { JsonValue } from "@gen-client-tools/runtime/core";
import { isJsonObject } from "@gen-client-tools/runtime/core";
import { arrayType } from "./array-type.js";
import type { TypeContext } from "./context.js";
import { type Keywords, readKeywords } from "./keywords.js";
import { ALL_KINDS, ARRAY, BOOLEAN, type Kinds, kindsOfType, NULL, NUMBER, OBJECT, STRING } from "./kinds.js";
import { literalUnion } from "./literal.js";
import { objectType } from "./object-type.js";
import { intersectionOf, NEVER, primary, type Ty, UNKNOWN, unionOf } from "./ty.js";

const STRING_TYPE = primary("string");
const NUMBER_TYPE = primary("number");
const BOOLEAN_TYPE = primary("boolean");
const OPEN_OBJECT = primary("{ [key: string]: unknown }");
const ANY_ARRAY = primary("unknown[]");
const NULL_TYPE = primary("null");

/**
 * The type of the instances `schema` allows among `kinds` (see TypeContext).
 * Each keyword constrains only instances of its own kind, so a schema without
 * `type` allows every kind, each refined by its keywords. The result is the
 * intersection of: the `$ref`, the value keywords (`const`/`enum`, else
 * `type` with the object and array keywords), each `allOf` branch, the
 * `anyOf` union and the `oneOf` union. Subschemas of the combinators are read
 * within the kinds this schema allows, so that a `oneOf` of `required` lists
 * under `type: "object"` stays a union of objects. Everything TypeScript
 * cannot express (bounds, `pattern`, `format`, `not`, `if`, dependencies)
 * is left out, which only ever widens the type.
 */
export function schemaType(ctx: TypeContext, schema: JsonValue, kinds: Kinds, indent: string, naked: boolean): Ty {
  if (schema === false) return NEVER;
  if (!isJsonObject(schema)) return UNKNOWN;
  return keywordsType(ctx, readKeywords(schema), kinds, indent, naked);
}

/** schemaType of an object schema, from its keywords. */
export function keywordsType(ctx: TypeContext, keywords: Keywords, kinds: Kinds, indent: string, naked: boolean): Ty {
  const { $ref: ref, allOf, anyOf, oneOf } = keywords;
  if (typeof ref === "string" && ctx.dialect === "draft-07") return ctx.refType(ref, kinds, indent, naked);

  const allowed = kinds & kindsOfType(keywords.type);
  const value = literalUnion(keywords, allowed) ?? kindsType(ctx, keywords, allowed, kinds, indent);
  // Most schemas have no $ref and no combinator: nothing to intersect.
  if (ref === undefined && allOf === undefined && anyOf === undefined && oneOf === undefined) return value;
  const parts: Ty[] = [];
  if (typeof ref === "string") parts.push(ctx.refType(ref, allowed, indent, naked));
  parts.push(value);
  const branch = (s: JsonValue): Ty => ctx.typeOf(s, allowed, indent, naked);
  if (Array.isArray(allOf)) parts.push(...allOf.map(branch));
  if (Array.isArray(anyOf)) parts.push(unionOf(anyOf.map(branch)));
  if (Array.isArray(oneOf)) parts.push(unionOf(oneOf.map(branch)));
  return intersectionOf(parts);
}

/**
 * The union of the allowed kinds' types, in a fixed order; unknown when it
 * would not narrow the kinds the parent already allows.
 */
function kindsType(ctx: TypeContext, keywords: Keywords, allowed: Kinds, kinds: Kinds, indent: string): Ty {
  const object = allowed & OBJECT ? objectType(ctx, keywords, indent) : undefined;
  const array = allowed & ARRAY ? arrayType(ctx, keywords, indent) : undefined;
  if (object === undefined && array === undefined) return allowed === kinds ? UNKNOWN : PLAIN_KINDS_TYPES[allowed]!;
  return kindsUnion(allowed, object ?? OPEN_OBJECT, array ?? ANY_ARRAY);
}

function kindsUnion(allowed: Kinds, object: Ty, array: Ty): Ty {
  const members: Ty[] = [];
  if (allowed & STRING) members.push(STRING_TYPE);
  if (allowed & NUMBER) members.push(NUMBER_TYPE);
  if (allowed & BOOLEAN) members.push(BOOLEAN_TYPE);
  if (allowed & OBJECT) members.push(object);
  if (allowed & ARRAY) members.push(array);
  if (allowed & NULL) members.push(NULL_TYPE);
  return unionOf(members);
}

/**
 * kindsUnion of every set of kinds, with no object or array keywords: most schemas are one such type, and need no union
 * built.
 */
const PLAIN_KINDS_TYPES: readonly Ty[] = Array.from({ length: ALL_KINDS + 1 }, (_, allowed) =>
  kindsUnion(allowed, OPEN_OBJECT, ANY_ARRAY),
);
