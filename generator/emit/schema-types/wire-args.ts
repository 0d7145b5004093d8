import type { SchemaDialect } from "../../../runtime/spec/dialect.js";
import type { JsonObject, JsonValue } from "../../../runtime/spec/types.js";
import { isObject, own, pointerTokens, resolveTokens } from "./pointer.js";

/**
 * The root type as the OpenHands server sends it, beside `kind`, as a type
 * expression. Two things need the root reshaped:
 * - a root argument called `kind` travels as `mcp_arg_kind`;
 * - an index signature narrower than unknown would have to hold the `kind`
 *   discriminator too, so `{ kind: "ClientAction_x" } & Args` would admit no
 *   action at all: index signatures are widened by `string`. They come from
 *   `additionalProperties`, `patternProperties`, and the closed empty object
 *   (`{ [key: string]: never }`, also the type of a `const` `{}`).
 * A key-remapping mapped type does both; being homomorphic it keeps optional
 * modifiers and declared properties, and `infer` makes it distribute over a
 * union root. Parenthesized, because a conditional type would otherwise
 * swallow a `&` written before it.
 */
export function wireArgsType(root: JsonObject, rootName: string, dialect: SchemaDialect): string {
  if (!needsReshaping(root, root, dialect, new Set())) return rootName;
  return `(${rootName} extends infer T ? { [K in keyof T as K extends "kind" ? "mcp_arg_kind" : K]: string extends K ? T[K] | string : T[K] } : never)`;
}

/**
 * Whether the root level (the schema, its `$ref` and its `allOf`/`anyOf`/
 * `oneOf` branches: where the root type's properties come from) declares a
 * property `kind` or may give the root a narrower index signature. It errs
 * towards reshaping, which is always sound.
 */
function needsReshaping(schema: JsonValue, root: JsonObject, dialect: SchemaDialect, seen: Set<JsonObject>): boolean {
  if (!isObject(schema) || seen.has(schema)) return false;
  seen.add(schema);
  const ref = own(schema, "$ref");
  const tokens = typeof ref === "string" ? pointerTokens(ref) : undefined;
  const target = tokens === undefined ? undefined : resolveTokens(root, tokens);
  if (target !== undefined && needsReshaping(target, root, dialect, seen)) return true;
  if (typeof ref === "string" && dialect === "draft-07") return false;
  const properties = own(schema, "properties");
  const required = own(schema, "required");
  if (isObject(properties) && Object.hasOwn(properties, "kind")) return true;
  if (Array.isArray(required) && required.includes("kind")) return true;
  if (own(schema, "patternProperties") !== undefined || own(schema, "const") !== undefined || own(schema, "enum") !== undefined) return true;
  for (const keyword of ["additionalProperties", "unevaluatedProperties"]) {
    const additional = own(schema, keyword);
    if (isObject(additional) || (additional === false && !(isObject(properties) && Object.keys(properties).length > 0))) return true;
  }
  return ["allOf", "anyOf", "oneOf"].some((k) => {
    const branches = own(schema, k);
    return Array.isArray(branches) && branches.some((b) => needsReshaping(b, root, dialect, seen));
  });
}
