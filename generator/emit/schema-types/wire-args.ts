import type { JsonObject, JsonValue, SchemaDialect } from "@gen-client-tools/runtime/core";
import { isJsonObject, own, refTokens, valueAt } from "@gen-client-tools/runtime/core";

/**
 * How the root type must be reshaped for the wire: not at all, only by a
 * root property `kind` renamed (`renameKind` gives the schema of that plain
 * object type), or through the mapped type of `mappedWireArgs`.
 */
export function wireArgsShape(root: JsonObject, dialect: SchemaDialect): "same" | "renamed" | "mapped" {
  if (!needsReshaping(root, root, dialect, new Set())) return "same";
  return onlyKindToRename(root) ? "renamed" : "mapped";
}

/** The root schema with its property `kind` (and its `required` entry) as `mcp_arg_kind`, keys in their order. */
export function renameKind(root: JsonObject): JsonObject {
  const properties = own(root, "properties") as JsonObject;
  const required = own(root, "required");
  const renamed: JsonObject = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key === "kind" ? "mcp_arg_kind" : key, value]),
  );
  return {
    ...root,
    properties: renamed,
    ...(Array.isArray(required) && { required: required.map((key) => (key === "kind" ? "mcp_arg_kind" : key)) }),
  };
}

/**
 * A root that is a plain object schema declaring `kind`: nothing at its level
 * but its own properties makes its type (no `$ref`, no branches), and nothing
 * narrows its index signature (see `needsReshaping`).
 */
function onlyKindToRename(root: JsonObject): boolean {
  const properties = own(root, "properties");
  if (!isJsonObject(properties) || !Object.hasOwn(properties, "kind") || Object.hasOwn(properties, "mcp_arg_kind"))
    return false;
  if (
    [
      "$ref",
      "$dynamicRef",
      "allOf",
      "anyOf",
      "oneOf",
      "not",
      "if",
      "patternProperties",
      "const",
      "enum",
      "dependentSchemas",
      "dependencies",
    ].some((k) => own(root, k) !== undefined)
  )
    return false;
  return ["additionalProperties", "unevaluatedProperties"].every((k) => !isJsonObject(own(root, k)));
}

/**
 * The root type as the OpenHands server sends it, beside `kind`, as a type
 * expression, where the root is not a plain object (see `wireArgsShape`).
 * Two things need the root reshaped:
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
export function mappedWireArgs(rootName: string): string {
  return (
    `(${rootName} extends infer T ? { [K in keyof T as K extends "kind" ? ` +
    `"mcp_arg_kind" : K]: string extends K ? T[K] | string : T[K] } : never)`
  );
}

/**
 * Whether the root level (the schema, its `$ref` and its `allOf`/`anyOf`/
 * `oneOf` branches: where the root type's properties come from) declares a
 * property `kind` or may give the root a narrower index signature. It errs
 * towards reshaping, which is always sound.
 */
function needsReshaping(schema: JsonValue, root: JsonObject, dialect: SchemaDialect, seen: Set<JsonObject>): boolean {
  if (!isJsonObject(schema) || seen.has(schema)) return false;
  seen.add(schema);
  const ref = own(schema, "$ref");
  const tokens = typeof ref === "string" ? refTokens(ref) : undefined;
  const target = tokens === undefined ? undefined : valueAt(root, tokens);
  if (target !== undefined && needsReshaping(target, root, dialect, seen)) return true;
  if (typeof ref === "string" && dialect === "draft-07") return false;
  const properties = own(schema, "properties");
  const required = own(schema, "required");
  if (isJsonObject(properties) && Object.hasOwn(properties, "kind")) return true;
  if (Array.isArray(required) && required.includes("kind")) return true;
  if (
    own(schema, "patternProperties") !== undefined ||
    own(schema, "const") !== undefined ||
    own(schema, "enum") !== undefined
  )
    return true;
  for (const keyword of ["additionalProperties", "unevaluatedProperties"]) {
    const additional = own(schema, keyword);
    if (
      isJsonObject(additional) ||
      (additional === false && !(isJsonObject(properties) && Object.keys(properties).length > 0))
    )
      return true;
  }
  return ["allOf", "anyOf", "oneOf"].some((k) => {
    const branches = own(schema, k);
    return Array.isArray(branches) && branches.some((b) => needsReshaping(b, root, dialect, seen));
  });
}
