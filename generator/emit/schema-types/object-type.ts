import type { JsonObject, JsonValue } from "@gen-client-tools/runtime/core";
import { isJsonObject } from "@gen-client-tools/runtime/core";
import { docComment, propertyKey, tsString } from "../escape.js";
import type { TypeContext } from "./context.js";
import { keywordsDoc } from "./docs.js";
import { type Keywords, readKeywords } from "./keywords.js";
import { ALL_KINDS } from "./kinds.js";
import { primary, type Ty, UNKNOWN, unionOf } from "./ty.js";

/**
 * The type of the object instances the schema allows, or undefined when it
 * puts no constraint on objects (the caller then uses a plain open object).
 *
 * Declared properties are optional unless required; a required key with no
 * declaration still appears (typed by the index signature when there is one,
 * else unknown). The index signature is what additional keys may hold: the
 * union of `additionalProperties` (absent or true: unknown), every
 * `patternProperties` schema and every declared property's type, because
 * TypeScript checks declared properties against it (and undefined beside an
 * optional one, as TypeScript reads it without exactOptionalPropertyTypes). `additionalProperties:
 * false` without patterns leaves the object closed: no index signature.
 */
export function objectType(ctx: TypeContext, keywords: Keywords, indent: string): Ty | undefined {
  const properties = isJsonObject(keywords.properties) ? keywords.properties : NO_PROPERTIES;
  const declared = Object.keys(properties);
  const required = requiredNames(keywords.required);
  const patternSchemas = isJsonObject(keywords.patternProperties)
    ? Object.values(keywords.patternProperties)
    : NO_SCHEMAS;
  const additional = additionalSchema(ctx, keywords);
  if (
    declared.length === 0 &&
    required.size === 0 &&
    patternSchemas.length === 0 &&
    (additional === undefined || additional === true)
  ) {
    return undefined;
  }

  const inner = `${indent}  `;
  const sub = (s: JsonValue): Ty => ctx.typeOf(s, ALL_KINDS, inner, false);
  const closed = additional === false && patternSchemas.length === 0;
  // The declared properties' types join the index signature only when something narrower than unknown is there to join.
  const indexedTypes: Ty[] | undefined = closed || additional === undefined || additional === true ? undefined : [];
  // TypeScript does not always find an intersection of unions assignable to a union holding
  // that very intersection (it normalizes the two differently), and then rejects the property
  // against the index signature. Such an index signature is widened to unknown: still sound,
  // only less precise about the extra keys.
  let hasIntersection = false;
  let members = "";
  for (let i = 0; i < declared.length; i++) {
    const key = declared[i]!;
    const propertySchema = properties[key]!;
    // Read once for both the type and the documentation.
    const propertyKeywords = isJsonObject(propertySchema) ? readKeywords(propertySchema) : undefined;
    let ty =
      propertyKeywords === undefined
        ? sub(propertySchema)
        : ctx.keywordsType(propertyKeywords, ALL_KINDS, inner, false);
    const optional = !required.has(key);
    if (optional && INHERITED.has(key)) ty = unionOf([ty, { text: `Object[${tsString(key)}]`, binding: "primary" }]);
    indexedTypes?.push(ty);
    hasIntersection ||=
      ty.binding === "intersection" || (ty.members?.some((m) => m.binding === "intersection") ?? false);
    const text = propertyKeywords === undefined ? "" : keywordsDoc(propertyKeywords, propertySchema as JsonObject);
    // Many properties have no documentation: then there is no comment to build or escape.
    const doc = text === "" ? "" : docComment(text, inner);
    members += `${doc}${inner}${propertyKey(key)}${optional ? "?" : ""}: ${ty.text};\n`;
  }

  let index: Ty | undefined;
  if (!closed) {
    if (hasIntersection) index = UNKNOWN;
    else {
      // The pattern schemas are typed even when the index is unknown anyway: a `$ref` in them still declares its
      // definition.
      const parts = [
        additional === undefined || additional === true ? UNKNOWN : sub(additional),
        ...patternSchemas.map(sub),
      ];
      // An optional property's type holds undefined unless exactOptionalPropertyTypes is on: the index signature
      // admits it too, so the type compiles (TS2411 otherwise) with the option on or off. No JSON value is undefined.
      const undefinedToo = indexedTypes !== undefined && declared.some((key) => !required.has(key));
      index = unionOf(
        indexedTypes === undefined ? parts : [...parts, ...indexedTypes, ...(undefinedToo ? [UNDEFINED] : [])],
      );
    }
  }
  for (const key of required) {
    if (!Object.hasOwn(properties, key)) members += `${inner}${propertyKey(key)}: ${(index ?? UNKNOWN).text};\n`;
  }
  if (index !== undefined) members += `${inner}[key: string]: ${index.text};\n`;
  if (members === "") return { text: "{ [key: string]: never }", binding: "primary" };
  return { text: `{\n${members}${indent}}`, binding: "primary" };
}

const UNDEFINED: Ty = primary("undefined");
const NO_PROPERTIES: JsonObject = {};
const NO_SCHEMAS: readonly JsonValue[] = [];
const NO_REQUIRED: ReadonlySet<string> = new Set();

/** The names `required` lists, once each; a set, so that checking every property stays linear in a long list. */
function requiredNames(required: JsonValue | undefined): ReadonlySet<string> {
  if (!Array.isArray(required) || required.length === 0) return NO_REQUIRED;
  const names = new Set<string>();
  for (let i = 0; i < required.length; i++) {
    const name: JsonValue = required[i];
    if (typeof name === "string") names.add(name);
  }
  return names;
}

/**
 * The members TypeScript gives every object (lib's `interface Object`). An object without
 * its own `toString` still has the inherited one, so TypeScript rejects `{}` for
 * `{ toString?: string }`, while JSON Schema, which looks at own properties only, accepts it.
 * Such an optional property's type also allows the inherited member.
 */
const INHERITED = new Set([
  "constructor",
  "toString",
  "toLocaleString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
]);

/**
 * `additionalProperties`, or else `unevaluatedProperties` when nothing else in
 * this schema can evaluate a property (then the two mean the same); undefined
 * when neither applies.
 */
function additionalSchema(ctx: TypeContext, keywords: Keywords): JsonValue | undefined {
  const additional = keywords.additionalProperties;
  if (additional !== undefined || ctx.dialect === "draft-07") return additional;
  const unevaluated = keywords.unevaluatedProperties;
  return unevaluated === undefined || keywords.hasApplicators ? undefined : unevaluated;
}
