import type { JsonObject, JsonValue } from "../../../runtime/spec/types.js";
import { docComment, propertyKey, tsString } from "../escape.js";
import { hasApplicators } from "./applicators.js";
import type { TypeContext } from "./context.js";
import { schemaDoc } from "./docs.js";
import { ALL_KINDS } from "./kinds.js";
import { isObject, own } from "./pointer.js";
import { UNKNOWN, unionOf, type Ty } from "./ty.js";

/**
 * The type of the object instances `schema` allows, or undefined when it puts
 * no constraint on objects (the caller then uses a plain open object).
 *
 * Declared properties are optional unless required; a required key with no
 * declaration still appears (typed by the index signature when there is one,
 * else unknown). The index signature is what additional keys may hold: the
 * union of `additionalProperties` (absent or true: unknown), every
 * `patternProperties` schema and every declared property's type, because
 * TypeScript checks declared properties against it. `additionalProperties:
 * false` without patterns leaves the object closed: no index signature.
 */
export function objectType(ctx: TypeContext, schema: JsonObject, indent: string): Ty | undefined {
  const properties = own(schema, "properties");
  const declared = isObject(properties) ? Object.entries(properties) : [];
  const requiredValue = own(schema, "required");
  const required = new Set(Array.isArray(requiredValue) ? requiredValue.filter((k) => typeof k === "string") : []);
  const patterns = own(schema, "patternProperties");
  const patternSchemas = isObject(patterns) ? Object.values(patterns) : [];
  const additional = additionalSchema(ctx, schema);
  if (declared.length === 0 && required.size === 0 && patternSchemas.length === 0 && (additional === undefined || additional === true)) {
    return undefined;
  }

  const inner = `${indent}  `;
  const sub = (s: JsonValue): Ty => ctx.typeOf(s, ALL_KINDS, inner, false);
  let members = "";
  const propertyTypes: Ty[] = [];
  for (const [key, propertySchema] of declared) {
    const optional = !required.has(key);
    const ty = optional && INHERITED.has(key) ? unionOf([sub(propertySchema), { text: `Object[${tsString(key)}]`, binding: "primary" }]) : sub(propertySchema);
    propertyTypes.push(ty);
    const mark = optional ? "?" : "";
    members += `${docComment(schemaDoc(propertySchema), inner)}${inner}${propertyKey(key)}${mark}: ${ty.text};\n`;
  }

  const closed = additional === false && patternSchemas.length === 0;
  // TypeScript does not always find an intersection of unions assignable to a union holding
  // that very intersection (it normalizes the two differently), and then rejects the property
  // against the index signature. Such an index signature is widened to unknown: still sound,
  // only less precise about the extra keys.
  const hasIntersection = propertyTypes.some((ty) => (ty.members ?? [ty]).some((m) => m.binding === "intersection"));
  const index = closed
    ? undefined
    : hasIntersection
      ? UNKNOWN
      : unionOf([additional === undefined || additional === true ? UNKNOWN : sub(additional), ...patternSchemas.map(sub), ...propertyTypes]);
  for (const key of required) {
    if (!isObject(properties) || !Object.hasOwn(properties, key)) members += `${inner}${propertyKey(key)}: ${(index ?? UNKNOWN).text};\n`;
  }
  if (index !== undefined) members += `${inner}[key: string]: ${index.text};\n`;
  if (members === "") return { text: "{ [key: string]: never }", binding: "primary" };
  return { text: `{\n${members}${indent}}`, binding: "primary" };
}

/**
 * The members TypeScript gives every object (lib's `interface Object`). An object without
 * its own `toString` still has the inherited one, so TypeScript rejects `{}` for
 * `{ toString?: string }`, while JSON Schema, which looks at own properties only, accepts it.
 * Such an optional property's type also allows the inherited member.
 */
const INHERITED = new Set(["constructor", "toString", "toLocaleString", "valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable"]);

/**
 * `additionalProperties`, or else `unevaluatedProperties` when nothing else in
 * this schema can evaluate a property (then the two mean the same); undefined
 * when neither applies.
 */
function additionalSchema(ctx: TypeContext, schema: JsonObject): JsonValue | undefined {
  const additional = own(schema, "additionalProperties");
  if (additional !== undefined || ctx.dialect === "draft-07") return additional;
  const unevaluated = own(schema, "unevaluatedProperties");
  return unevaluated === undefined || hasApplicators(schema) ? undefined : unevaluated;
}
