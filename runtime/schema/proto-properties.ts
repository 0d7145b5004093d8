import type { JsonObject, JsonValue } from "../util/json.js";
import { schemaDialect } from "./dialect.js";
import { DIALECT_KEYWORDS, type KeywordValue } from "./keywords.js";

const PROTO = "__proto__";

/**
 * The schema as ajv must compile it so that a property named `__proto__` is a property like any
 * other. ajv passes over that name wherever a schema names properties (`properties`,
 * `patternProperties`, `dependentSchemas`, `dependencies`: its guard against prototype pollution),
 * so `{ "properties": { "__proto__": { "type": "string" } } }` would accept an object there. Each
 * such keyword is said again in a form ajv reads, beside the original (which ajv still passes over,
 * and a `$ref` may still point into):
 * - `properties.__proto__: S` as `patternProperties["^__proto__$"]: S`;
 * - a pattern `"__proto__"` as `"(?:__proto__)"`;
 * - `dependentSchemas.__proto__: S` (and draft-07's `dependencies`) as `allOf: [{ if: { required: ["__proto__"] },
 *   then: S }]`,
 *   and `dependentRequired.__proto__: names` with `then: { required: names }`.
 * `required` needs no rewriting: such a schema's validators are compiled with `ownProperties`
 * (`validationOptionsFor`). A schema that names no `__proto__` is returned as it is.
 */
export function withProtoProperties(schema: JsonObject): JsonObject {
  if (!namesProto(schema)) return schema;
  const shapes: Readonly<Record<string, KeywordValue>> = {
    ...DIALECT_KEYWORDS["draft-07"],
    ...DIALECT_KEYWORDS[schemaDialect(schema) ?? "2020-12"],
  };

  const copyValue = (kind: KeywordValue | undefined, value: JsonValue): JsonValue => {
    if (kind === undefined || kind === "data" || typeof value !== "object" || value === null) return value;
    if (Array.isArray(value)) return value.map(copySchema);
    if (kind === "schema" || kind === "schema-or-schemas") return copySchema(value);
    return Object.fromEntries(
      Object.entries(value).map(([name, entry]) => [
        name,
        kind === "schema-or-names-map" && Array.isArray(entry) ? entry : copySchema(entry),
      ]),
    );
  };

  const copySchema = (node: JsonValue): JsonValue => {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return node;
    // Object.fromEntries defines `__proto__` as an own property, where an assignment would set the prototype.
    const out = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, copyValue(shapes[key], value)]));
    const added: Record<string, JsonValue> = {};
    const extraAllOf: JsonValue[] = [];
    const ownProto = (keyword: string): JsonValue | undefined => {
      const map = out[keyword];
      return typeof map === "object" && map !== null && !Array.isArray(map) && Object.hasOwn(map, PROTO)
        ? (map as JsonObject)[PROTO]
        : undefined;
    };
    const byProperty = ownProto("properties");
    if (byProperty !== undefined) added["^__proto__$"] = byProperty;
    const byPattern = ownProto("patternProperties");
    if (byPattern !== undefined) added["(?:__proto__)"] = byPattern;
    for (const keyword of ["dependentSchemas", "dependencies", "dependentRequired"]) {
      const dependent = ownProto(keyword);
      if (dependent !== undefined)
        extraAllOf.push({
          if: { required: [PROTO] },
          then: Array.isArray(dependent) ? { required: dependent } : dependent,
        });
    }
    if (Object.keys(added).length > 0) {
      const patterns = (out["patternProperties"] ?? {}) as JsonObject;
      const merged = Object.fromEntries(Object.entries(patterns));
      for (const [pattern, subschema] of Object.entries(added))
        merged[pattern] = Object.hasOwn(merged, pattern) ? { allOf: [merged[pattern]!, subschema] } : subschema;
      out["patternProperties"] = merged;
    }
    if (extraAllOf.length > 0) out["allOf"] = [...((out["allOf"] as JsonValue[] | undefined) ?? []), ...extraAllOf];
    return out;
  };

  return copySchema(schema) as JsonObject;
}

/** Keywords whose keys, and `required`'s items, name properties of the value. */
const PROPERTY_MAPS = ["properties", "dependentRequired", "dependentSchemas", "dependencies"] as const;

/**
 * Whether the schema names a property that every object inherits from Object.prototype
 * (`constructor`, `toString`, `__proto__`, ...), in `properties`, `required` or the dependency
 * keywords. Looked for in every object, data included: a false alarm only costs speed.
 */
export function namesInheritedProperty(schema: JsonValue): boolean {
  const inherited = (name: unknown): boolean => typeof name === "string" && Object.hasOwn(Object.prototype, name);
  const stack: JsonValue[] = [schema];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (typeof node !== "object" || node === null) continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    const object = node as JsonObject;
    const required = Object.hasOwn(object, "required") ? object["required"] : undefined;
    if (Array.isArray(required) && required.some(inherited)) return true;
    for (const keyword of PROPERTY_MAPS) {
      const map = Object.hasOwn(object, keyword) ? object[keyword] : undefined;
      if (typeof map === "object" && map !== null && !Array.isArray(map) && Object.keys(map).some(inherited))
        return true;
    }
    stack.push(...Object.values(object));
  }
  return false;
}

/** Whether any object in the schema has an own key `__proto__` (no recursion: its own stack). */
function namesProto(schema: JsonValue): boolean {
  const stack: JsonValue[] = [schema];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (typeof node !== "object" || node === null) continue;
    if (Array.isArray(node)) stack.push(...node);
    else {
      if (Object.hasOwn(node, PROTO)) return true;
      stack.push(...Object.values(node));
    }
  }
  return false;
}
