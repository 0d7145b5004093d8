import type { JsonObject, JsonValue } from "../util/json.js";
import { type SchemaDialect, schemaDialect } from "./dialect.js";
import { childPointer } from "./json-pointer.js";
import { DIALECT_KEYWORDS, type KeywordValue } from "./keywords.js";

/**
 * What a walk calls: for every key of every schema object it reaches, and for each such object once its keys are done.
 */
export interface SchemaVisitor {
  /**
   * A key in keyword position: `kind` is what the dialect (or the other one) says its value is,
   * undefined for a key no dialect knows. `at()` spells out its JSON pointer (call it only when
   * needed: building every pointer would cost the sum of their lengths). Returning false keeps
   * the walk out of the value.
   */
  keyword?(key: string, value: JsonValue, kind: KeywordValue | undefined, at: () => string): void | boolean;
  /** A schema object, after its keys. */
  schema?(object: JsonObject, at: () => string): void;
}

/**
 * Walks a schema and every subschema, in document order, by the keyword table: into schemas,
 * arrays and maps of schemas, never into data (`const`, `enum`, `default`, `examples`). The
 * dialect is the root's `$schema` (2020-12 by default); the other dialect's keywords are walked
 * into too. `pointer` is the schema's own. The value of a keyword no dialect knows is data to a
 * validator, and is not walked into, unless `unknown` is "walk": a `$ref` may point into it, and
 * then it is a schema (its arrays' items and its objects are taken for schemas, as is anything
 * the walk starts at: a spec file, with its specs and their schemas).
 */
export function walkSchema(
  schema: JsonValue,
  pointer: string,
  visitor: SchemaVisitor,
  unknown: "skip" | "walk" = "skip",
): SchemaDialect {
  const dialect =
    (typeof schema === "object" && schema !== null && !Array.isArray(schema)
      ? schemaDialect(schema as JsonObject)
      : undefined) ?? "2020-12";
  const shapes = WALKED[dialect];
  const path: (string | number)[] = [];
  const at = (): string => path.reduce<string>(childPointer, pointer);

  const visit = (node: JsonValue): void => {
    if (typeof node !== "object" || node === null) return;
    if (Array.isArray(node)) {
      if (unknown === "walk") walkValue("schemas", node);
      return;
    }
    const object = node as JsonObject;
    for (const key in object) {
      const value = object[key]!;
      const kind = shapes.get(key);
      path.push(key);
      const into = visitor.keyword?.(key, value, kind, at);
      if (into !== false && kind !== "data") {
        if (kind !== undefined) walkValue(kind, value);
        else if (unknown === "walk") visit(value);
      }
      path.pop();
    }
    visitor.schema?.(object, at);
  };
  const walkValue = (kind: Exclude<KeywordValue, "data">, value: JsonValue): void => {
    if (kind === "schema" || (kind === "schema-or-schemas" && !Array.isArray(value))) {
      visit(value);
      return;
    }
    if (kind === "schemas" || kind === "schema-or-schemas") {
      // A value of the wrong shape is no schema to a validator, but a `$ref` may still lead into it.
      if (!Array.isArray(value)) {
        if (unknown === "walk") visit(value);
        return;
      }
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        visit(value[i]!);
        path.pop();
      }
      return;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      if (unknown === "walk") visit(value);
      return;
    }
    const map = value as JsonObject;
    for (const name in map) {
      const entry = map[name]!;
      // draft-07 `dependencies`: a list of names is not a schema.
      if (kind === "schema-or-names-map" && Array.isArray(entry)) continue;
      path.push(name);
      visit(entry);
      path.pop();
    }
  };
  visit(schema);
  return dialect;
}

/**
 * Each dialect's keywords, and where the other dialect has a keyword this one lacks, that one too: both are walked
 * into.
 */
const WALKED: Readonly<Record<SchemaDialect, ReadonlyMap<string, KeywordValue>>> = {
  "draft-07": new Map(Object.entries({ ...DIALECT_KEYWORDS["2020-12"], ...DIALECT_KEYWORDS["draft-07"] })),
  "2020-12": new Map(Object.entries({ ...DIALECT_KEYWORDS["draft-07"], ...DIALECT_KEYWORDS["2020-12"] })),
};
