import type { JsonObject, JsonValue } from "../../../runtime/spec/types.js";
import { arrayType } from "./array-type.js";
import type { TypeContext } from "./context.js";
import { ARRAY, BOOLEAN, kindsOfType, NULL, NUMBER, OBJECT, STRING, type Kinds } from "./kinds.js";
import { literalUnion } from "./literal.js";
import { objectType } from "./object-type.js";
import { isObject, own } from "./pointer.js";
import { intersectionOf, NEVER, primary, unionOf, UNKNOWN, type Ty } from "./ty.js";

const OPEN_OBJECT = primary("{ [key: string]: unknown }");
const ANY_ARRAY = primary("unknown[]");

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
  if (!isObject(schema)) return UNKNOWN;
  const ref = own(schema, "$ref");
  if (typeof ref === "string" && ctx.dialect === "draft-07") return ctx.refType(ref, kinds, indent, naked);

  const allowed = kinds & kindsOfType(own(schema, "type"));
  const value = literalUnion(schema, allowed) ?? kindsType(ctx, schema, allowed, kinds, indent);
  const allOf = own(schema, "allOf");
  const anyOf = own(schema, "anyOf");
  const oneOf = own(schema, "oneOf");
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
function kindsType(ctx: TypeContext, schema: JsonObject, allowed: Kinds, kinds: Kinds, indent: string): Ty {
  const object = allowed & OBJECT ? objectType(ctx, schema, indent) : undefined;
  const array = allowed & ARRAY ? arrayType(ctx, schema, indent) : undefined;
  if (allowed === kinds && object === undefined && array === undefined) return UNKNOWN;
  const members: Ty[] = [];
  if (allowed & STRING) members.push(primary("string"));
  if (allowed & NUMBER) members.push(primary("number"));
  if (allowed & BOOLEAN) members.push(primary("boolean"));
  if (allowed & OBJECT) members.push(object ?? OPEN_OBJECT);
  if (allowed & ARRAY) members.push(array ?? ANY_ARRAY);
  if (allowed & NULL) members.push(primary("null"));
  return unionOf(members);
}
