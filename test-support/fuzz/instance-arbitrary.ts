import fc from "fast-check";
import { pointerTokens } from "../../runtime/schema/json-pointer.js";
import { valueAt } from "../../runtime/schema/json-walk.js";
import type { JsonObject, JsonValue } from "../../runtime/util/json.js";
import { compact, json, PROPERTY_NAMES, scalar } from "./schema-arbitrary.js";

/**
 * Candidate instances of a schema, built by following its keywords so that many of them are
 * valid; ajv decides which really are. Not a validator and not complete: it only has to make
 * valid instances common. `budget` bounds the depth, so recursive schemas terminate.
 */
export function instanceOf(schema: JsonValue, root: JsonObject, budget = 4): fc.Arbitrary<JsonValue> {
  if (
    budget <= 0 ||
    schema === true ||
    schema === false ||
    typeof schema !== "object" ||
    schema === null ||
    Array.isArray(schema)
  )
    return anyValue(budget);
  const s = schema as JsonObject;
  const own = (key: string): JsonValue | undefined => (Object.hasOwn(s, key) ? s[key] : undefined);
  const list = (key: string): readonly JsonValue[] =>
    Array.isArray(own(key)) ? (own(key) as readonly JsonValue[]) : [];

  if (own("const") !== undefined) return fc.constant(own("const")!);
  if (list("enum").length > 0) return fc.constantFrom(...list("enum"));
  const ref = own("$ref");
  if (typeof ref === "string" && ref.startsWith("#")) {
    const target = valueAt(root, pointerTokens(decodeURIComponent(ref.slice(1))));
    if (target !== undefined) return instanceOf(target, root, budget - 1);
  }
  const branches = [...list("anyOf"), ...list("oneOf")];
  if (branches.length > 0) {
    // A branch alone, or merged with the schema's own keywords (an object branch beside the schema's properties).
    const rest = compact({ ...s, anyOf: undefined, oneOf: undefined });
    return fc.oneof(
      ...branches.map((b) =>
        fc.tuple(instanceOf(b, root, budget - 1), instanceOf(rest, root, budget - 1)).map(([x, y]) => merge(x, y)),
      ),
    );
  }
  const allOf = list("allOf");
  if (allOf.length > 0) {
    const rest = compact({ ...s, allOf: undefined });
    return fc
      .tuple(instanceOf(rest, root, budget - 1), ...allOf.map((part) => instanceOf(part, root, budget - 1)))
      .map((parts) => parts.reduce(merge));
  }
  const type = own("type");
  const listed = typeof type === "string" ? [type] : Array.isArray(type) ? (type as string[]) : inferredTypes(s);
  // OpenAPI's nullable beside a type, as ajv reads it.
  const types = own("nullable") === true && type !== undefined ? [...listed, "null"] : listed;
  if (types.length === 0) return anyValue(budget);
  return fc.oneof(...types.map((t) => ofType(t, s, root, budget)));
}

function inferredTypes(s: JsonObject): string[] {
  const has = (k: string) => Object.hasOwn(s, k);
  if (has("properties") || has("required") || has("additionalProperties") || has("patternProperties"))
    return ["object"];
  if (has("items") || has("prefixItems") || has("contains")) return ["array"];
  return [];
}

function ofType(type: string, s: JsonObject, root: JsonObject, budget: number): fc.Arbitrary<JsonValue> {
  const number = (key: string): number | undefined => (typeof s[key] === "number" ? (s[key] as number) : undefined);
  switch (type) {
    case "string":
      return fc.oneof(fc.constantFrom("x", "", "kind", "2024-01-01T00:00:00Z", "xy"), fc.string({ maxLength: 3 }));
    case "integer":
    case "number": {
      const min = number("minimum") ?? number("exclusiveMinimum") ?? -5;
      const max = number("maximum") ?? number("exclusiveMaximum") ?? 5;
      const near = fc.integer({ min: Math.ceil(Math.min(min, max)), max: Math.floor(Math.max(min, max)) });
      // Past 32 and 53 bits too, where the number formats (int32, int64) and the doubles' precision bite.
      const int = fc.oneof({ arbitrary: near, weight: 4 }, fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e21));
      return type === "integer"
        ? int
        : fc.oneof(
            int,
            near.map((n) => n + 0.5),
          );
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return arrayOf(s, root, budget);
    case "object":
      return objectOf(s, root, budget);
    default:
      return anyValue(budget);
  }
}

function arrayOf(s: JsonObject, root: JsonObject, budget: number): fc.Arbitrary<JsonValue> {
  const items = s["items"];
  const tuple = Array.isArray(items)
    ? (items as readonly JsonValue[])
    : Array.isArray(s["prefixItems"])
      ? (s["prefixItems"] as readonly JsonValue[])
      : [];
  const rest = Array.isArray(items) ? (s["additionalItems"] ?? true) : (items ?? true);
  const min = typeof s["minItems"] === "number" ? s["minItems"] : 0;
  const max = Math.max(min, typeof s["maxItems"] === "number" ? s["maxItems"] : 3);
  return fc
    .tuple(
      fc.tuple(...tuple.map((item) => instanceOf(item, root, budget - 1))),
      fc.array(instanceOf(rest, root, budget - 1), { maxLength: 3 }),
      fc.integer({ min, max }),
    )
    .map(([head, tail, length]) => [...head, ...tail].slice(0, Math.max(length, Math.min(head.length, length))));
}

function objectOf(s: JsonObject, root: JsonObject, budget: number): fc.Arbitrary<JsonValue> {
  const declared =
    typeof s["properties"] === "object" && s["properties"] !== null && !Array.isArray(s["properties"])
      ? (s["properties"] as JsonObject)
      : {};
  const required = Array.isArray(s["required"]) ? (s["required"] as string[]) : [];
  const additional = s["additionalProperties"] ?? true;
  // Extra names only where the object is open: in a closed one they would only make invalid candidates.
  const closed = additional === false || s["unevaluatedProperties"] === false;
  const names = [...new Set([...Object.keys(declared), ...required, ...(closed ? [] : PROPERTY_NAMES)])];
  return fc
    .tuple(
      ...names.map((name) =>
        fc.tuple(
          fc.constant(name),
          fc.boolean(),
          instanceOf(Object.hasOwn(declared, name) ? declared[name]! : additional, root, budget - 1),
        ),
      ),
    )
    .map((entries) =>
      compact(
        Object.fromEntries(
          entries.filter(([name, keep]) => keep || required.includes(name)).map(([name, , value]) => [name, value]),
        ),
      ),
    );
}

/** Any small JSON value: what `true`, `{}` or an unconstrained schema allows. */
function anyValue(budget: number): fc.Arbitrary<JsonValue> {
  return budget <= 0 ? scalar : json;
}

/** Two instances of parts of one schema, combined: objects key by key, anything else the first. */
function merge(a: JsonValue, b: JsonValue): JsonValue {
  const isObject = (v: JsonValue): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObject(a) || !isObject(b)) return a;
  return compact({ ...b, ...a });
}
