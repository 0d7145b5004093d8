import type { JsonObject, JsonValue } from "../util/json.js";
import { type SchemaDialect, schemaDialect } from "./dialect.js";
import { childPointer } from "./json-pointer.js";
import { DIALECT_KEYWORDS, type KeywordValue } from "./keywords.js";
import { setOwnKey } from "./own-key.js";
import { refTokens } from "./ref-tokens.js";

/** A schema that cannot be written in another draft with the same meaning; `keyword` and `pointer` say where. */
export class SchemaConversionError extends Error {
  override readonly name = "SchemaConversionError";
  constructor(
    readonly keyword: string,
    readonly pointer: string,
    readonly target: SchemaDialect,
    why: string,
  ) {
    super(
      `The schema cannot be written in draft ${target} with the ` +
        `same meaning: "${keyword}" at ${pointer || "/"} ${why}.`,
    );
  }
}

const META_SCHEMA: Readonly<Record<SchemaDialect, string>> = {
  "draft-07": "http://json-schema.org/draft-07/schema#",
  "2020-12": "https://json-schema.org/draft/2020-12/schema",
};

/** 2020-12 keywords that draft-07 has no way to say. */
const NO_DRAFT_07_FORM: ReadonlySet<string> = new Set([
  "$dynamicRef",
  "$dynamicAnchor",
  "$recursiveRef",
  "$recursiveAnchor",
  "$vocabulary",
  "unevaluatedProperties",
  "unevaluatedItems",
  "minContains",
  "maxContains",
  "contentSchema",
]);

/**
 * By source draft, keywords whose place in the document a conversion changes: a `$ref` through one would point
 * elsewhere.
 */
const MOVED: Readonly<Record<SchemaDialect, ReadonlySet<string>>> = {
  "draft-07": new Set(["items", "additionalItems", "dependencies"]),
  "2020-12": new Set(["prefixItems", "items", "dependentRequired", "dependentSchemas"]),
};

/**
 * A fresh copy of `schema` written in `target`, with the same meaning: the same schema when it
 * is in `target` already; otherwise each keyword whose spelling differs between draft-07 and
 * 2020-12 (tuple `items` / `prefixItems`, `dependencies` / `dependentRequired` and
 * `dependentSchemas`, plain-name `$id` / `$anchor`) rewritten, and a `$schema` naming the
 * source draft replaced by the target's (a schema without one is given none). Throws a
 * `SchemaConversionError` naming the keyword where the target draft cannot say the same thing.
 */
export function convertSchemaDialect(schema: JsonObject, target: SchemaDialect): JsonObject {
  const source = schemaDialect(schema) ?? "2020-12";
  if (source === target) return structuredClone(schema) as JsonObject;
  // The other draft's keywords are walked into too: a `$ref` may lead into `$defs` of a draft-07 schema.
  const shapes: Readonly<Record<string, KeywordValue>> = { ...DIALECT_KEYWORDS[target], ...DIALECT_KEYWORDS[source] };
  const fail = (keyword: string, pointer: string, why: string): never => {
    throw new SchemaConversionError(keyword, pointer, target, why);
  };

  const copyValue = (kind: KeywordValue | undefined, value: JsonValue, pointer: string): JsonValue => {
    if (kind === undefined || kind === "data" || typeof value !== "object" || value === null)
      return structuredClone(value);
    if (Array.isArray(value)) return value.map((item, i) => copySchema(item, childPointer(pointer, i)));
    if (kind === "schema" || kind === "schema-or-schemas") return copySchema(value, pointer);
    const map: Record<string, JsonValue> = {};
    for (const [name, entry] of Object.entries(value as JsonObject)) {
      setOwnKey(
        map,
        name,
        kind === "schema-or-names-map" && Array.isArray(entry)
          ? structuredClone(entry)
          : copySchema(entry, childPointer(pointer, name)),
      );
    }
    return map;
  };

  const copySchema = (node: JsonValue, pointer: string): JsonValue => {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return structuredClone(node);
    const object = node as JsonObject;
    const out: Record<string, JsonValue> = {};
    for (const [key, value] of Object.entries(object)) {
      const at = childPointer(pointer, key);
      if (target === "draft-07" && NO_DRAFT_07_FORM.has(key)) fail(key, at, "has no draft-07 form");
      if (key === "$ref" && typeof value === "string") {
        const tokens = refTokens(value);
        const moved = tokens?.find((token) => MOVED[source].has(token));
        if (moved !== undefined) fail("$ref", at, `points through "${moved}", which the conversion moves`);
      }
      setOwnKey(out, key, copyValue(shapes[key], value, at));
    }
    return target === "2020-12" ? toDraft2020(out, pointer, fail) : toDraft07(out, pointer, fail);
  };

  const converted = copySchema(schema, "") as Record<string, JsonValue>;
  // A schema that named its draft names the new one; one that did not gets nothing it did not have.
  if (schema["$schema"] !== undefined) converted["$schema"] = META_SCHEMA[target];
  return converted;
}

type Fail = (keyword: string, pointer: string, why: string) => never;

function toDraft2020(schema: Record<string, JsonValue>, pointer: string, fail: Fail): Record<string, JsonValue> {
  const { items, additionalItems, dependencies, ...rest } = schema;
  const out: Record<string, JsonValue> = rest;
  if (Array.isArray(items)) {
    out["prefixItems"] = items;
    if (additionalItems !== undefined) out["items"] = additionalItems;
  } else if (items !== undefined) {
    // draft-07 ignores additionalItems beside a single items schema.
    out["items"] = items;
  }
  if (dependencies !== undefined) {
    if (typeof dependencies !== "object" || dependencies === null || Array.isArray(dependencies))
      return fail("dependencies", childPointer(pointer, "dependencies"), "is not an object");
    for (const [name, entry] of Object.entries(dependencies as JsonObject)) {
      const keyword = Array.isArray(entry) ? "dependentRequired" : "dependentSchemas";
      const existing = out[keyword];
      if (
        existing !== undefined &&
        (typeof existing !== "object" || existing === null || Array.isArray(existing) || Object.hasOwn(existing, name))
      ) {
        fail("dependencies", childPointer(pointer, "dependencies"), `meets "${keyword}" beside it`);
      }
      out[keyword] = { ...(existing as JsonObject | undefined), [name]: entry };
    }
  }
  const id = out["$id"];
  if (typeof id === "string" && id.startsWith("#")) {
    if (out["$anchor"] !== undefined) fail("$id", childPointer(pointer, "$id"), 'meets "$anchor" beside it');
    delete out["$id"];
    out["$anchor"] = id.slice(1);
  }
  return out;
}

function toDraft07(schema: Record<string, JsonValue>, pointer: string, fail: Fail): Record<string, JsonValue> {
  const { prefixItems, items, dependentRequired, dependentSchemas, $anchor, ...rest } = schema;
  const out: Record<string, JsonValue> = rest;
  if (out["additionalItems"] !== undefined)
    fail(
      "additionalItems",
      childPointer(pointer, "additionalItems"),
      "is not a 2020-12 keyword, and draft-07 would read it",
    );
  if (prefixItems !== undefined) {
    out["items"] = prefixItems;
    if (items !== undefined) out["additionalItems"] = items;
  } else if (items !== undefined) {
    out["items"] = items;
  }
  if (dependentRequired !== undefined || dependentSchemas !== undefined) {
    if (out["dependencies"] !== undefined)
      fail(
        "dependencies",
        childPointer(pointer, "dependencies"),
        "meets dependentRequired or dependentSchemas beside it",
      );
    const merged: Record<string, JsonValue> = { ...(dependentRequired as JsonObject | undefined) };
    for (const [name, entry] of Object.entries((dependentSchemas as JsonObject | undefined) ?? {})) {
      if (Object.hasOwn(merged, name))
        fail(
          "dependentSchemas",
          childPointer(pointer, "dependentSchemas"),
          `names "${name}" that dependentRequired names too`,
        );
      setOwnKey(merged, name, entry);
    }
    out["dependencies"] = merged;
  }
  if ($anchor !== undefined) {
    if (out["$id"] !== undefined) fail("$anchor", childPointer(pointer, "$anchor"), 'meets "$id" beside it');
    out["$id"] = `#${String($anchor)}`;
  }
  return out;
}
