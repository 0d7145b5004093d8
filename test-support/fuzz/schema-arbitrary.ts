import fc from "fast-check";
import type { JsonObject, JsonValue } from "../../runtime/util/json.js";
import { PAYLOADS } from "../hostile/corpus.js";

/**
 * Random tool schemas over the keywords the generator supports, in both dialects. The
 * domains are small on purpose (few property names, few scalars) so that random instances
 * often match and the type checks have something to check; names and texts include the
 * hostile ones.
 */
export type Dialect = "2020-12" | "draft-07";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
export const PROPERTY_NAMES = ["a", "b", "kind", "__proto__", "a-b", ""] as const;
const TYPES = ["string", "number", "integer", "boolean", "null", "object", "array"];

export const scalar = fc.constantFrom<JsonValue>(null, true, false, 0, 1, -2, 1.5, 1e21, "", "x", "kind", PAYLOADS[0]!);

/** Small JSON values (for enum, const, default and examples). */
export const { json } = fc.letrec<{ json: JsonValue }>((tie) => ({
  json: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("json"), { maxLength: 3 }),
    fc.dictionary<JsonValue>(fc.constantFrom(...PROPERTY_NAMES), tie("json"), { maxKeys: 3, noNullPrototype: true }),
  ),
}));

/** The object without its undefined entries (absent keywords), keys defined so "__proto__" stays own. */
export function compact(entries: Readonly<Record<string, JsonValue | undefined>>): JsonObject {
  const object: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(entries)) {
    if (value !== undefined)
      Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return object;
}

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });

function schemaArbitraries(dialect: Dialect) {
  const defs = dialect === "draft-07" ? "definitions" : "$defs";
  const names = fc.constantFrom(...PROPERTY_NAMES);
  const properties = (sub: fc.Arbitrary<JsonValue>) => fc.dictionary(names, sub, { maxKeys: 3, noNullPrototype: true });
  const type = fc.oneof(
    fc.constantFrom<JsonValue>(...TYPES),
    fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 }),
  );
  /** Annotations the types must ignore (or turn into doc comments), on any schema. */
  const annotated = (arb: fc.Arbitrary<JsonObject>) =>
    fc
      .tuple(
        arb,
        optional(fc.constantFrom(...PAYLOADS)),
        optional(fc.constantFrom(...PAYLOADS)),
        optional(json),
        optional(fc.array(json, { maxLength: 2 })),
        optional(fc.boolean()),
      )
      .map(([schema, title, description, dflt, examples, deprecated]) =>
        compact({ ...schema, title, description, default: dflt, examples, deprecated }),
      );

  return fc.letrec<{ schema: JsonValue; object: JsonObject }>((tie) => {
    const sub = tie("schema");
    const object = tie("object");
    const array =
      dialect === "draft-07"
        ? fc
            .tuple(
              optional(fc.oneof(fc.boolean(), sub, fc.array(sub, { minLength: 1, maxLength: 2 }))),
              optional(fc.oneof(fc.boolean(), sub)),
              optional(fc.nat(2)),
              optional(fc.nat(3)),
            )
            .map(([items, additionalItems, minItems, maxItems]) =>
              compact({
                type: "array",
                items,
                additionalItems: Array.isArray(items) ? additionalItems : undefined,
                minItems,
                maxItems,
              }),
            )
        : fc
            .tuple(
              optional(fc.oneof(fc.boolean(), sub)),
              optional(fc.array(sub, { minLength: 1, maxLength: 2 })),
              optional(fc.nat(2)),
              optional(fc.nat(3)),
              optional(sub),
            )
            .map(([items, prefixItems, minItems, maxItems, contains]) =>
              compact({ type: "array", items, prefixItems, minItems, maxItems, contains }),
            );
    const leaf = fc.constantFrom<JsonValue>(
      true,
      false,
      {},
      { type: "string" },
      { type: "string", maxLength: 2, minLength: 1 },
      { type: "string", format: "date-time" },
      { type: "string", pattern: "^x" },
      { type: "integer", minimum: 0, maximum: 3 },
      { type: "number", exclusiveMinimum: 0, multipleOf: 0.5 },
      { type: "boolean" },
      { type: "null" },
      { type: ["string", "null"] },
      { $ref: `#/${defs}/d` },
      { type: "object", properties: { self: { $ref: "#" } } },
    );
    return {
      object: fc
        .tuple(
          optional(fc.constant<JsonValue>("object")),
          properties(sub),
          optional(fc.uniqueArray(names, { maxLength: 3 })),
          optional(fc.oneof(fc.boolean(), sub)),
          optional(fc.dictionary(fc.constantFrom("^a", "^k", ""), sub, { maxKeys: 1, noNullPrototype: true })),
          optional(fc.nat(2)),
          dialect === "draft-07" ? fc.constant(undefined) : optional(fc.constant<JsonValue>(false)),
        )
        .map(([t, props, required, additionalProperties, patternProperties, minProperties, unevaluatedProperties]) =>
          compact({
            type: t,
            properties: props,
            required,
            additionalProperties,
            patternProperties,
            minProperties,
            unevaluatedProperties,
          }),
        ),
      schema: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        annotated(
          fc
            .uniqueArray(json, { minLength: 1, maxLength: 4, selector: (v) => JSON.stringify(v) })
            .map((values) => compact({ enum: values })),
        ),
        annotated(json.map((value) => compact({ const: value }))),
        annotated(type.map((t) => compact({ type: t }))),
        annotated(object),
        annotated(array),
        fc
          .tuple(optional(type), fc.array(sub, { minLength: 1, maxLength: 3 }))
          .map(([t, anyOf]) => compact({ type: t, anyOf })),
        fc.array(sub, { minLength: 1, maxLength: 3 }).map((oneOf) => compact({ oneOf })),
        fc
          .tuple(fc.array(sub, { minLength: 1, maxLength: 2 }), optional(properties(sub)))
          .map(([allOf, props]) => compact({ allOf, properties: props })),
        fc
          .tuple(sub, optional(sub), optional(sub))
          .map(([cond, then, otherwise]) => compact({ if: cond, then, else: otherwise })),
        sub.map((not) => compact({ not })),
        fc
          .tuple(optional(type), sub)
          .map(([t, dependent]) =>
            compact({ type: t, [dialect === "draft-07" ? "dependencies" : "dependentSchemas"]: { a: dependent } }),
          ),
        optional(type).map((t) => compact({ $ref: `#/${defs}/d`, type: t })),
      ),
    };
  });
}

/**
 * A tool's root schema: `type: "object"` (the spec format's rule) with random object keywords,
 * and one definition `d` that may be recursive. Unless `guarded`, references that loop back
 * without stepping into the value (`d` = `{allOf: [{$ref: d}]}`) are generated too, which the
 * generator must refuse with a diagnostic; guarded, a `d` that refers to anything is nested
 * under a property, so every cycle through it steps into the value.
 */
export function toolSchema(dialect: Dialect, guarded = false): fc.Arbitrary<JsonObject> {
  const { schema, object } = schemaArbitraries(dialect);
  const defs = dialect === "draft-07" ? "definitions" : "$defs";
  return fc
    .tuple(object, schema, optional(fc.array(schema, { minLength: 1, maxLength: 2 })))
    .map(([root, d, allOf]) => {
      const definition =
        guarded && JSON.stringify(d).includes('"$ref"') ? { type: ["object", "null"], properties: { next: d } } : d;
      return compact({
        ...(dialect === "draft-07" && { $schema: DRAFT_07 }),
        ...root,
        type: "object",
        allOf,
        [defs]: { d: definition },
      });
    });
}
