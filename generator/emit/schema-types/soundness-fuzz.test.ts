import type { JsonObject, JsonValue } from "@gen-client-tools/runtime/core";
import { isJsonObject } from "@gen-client-tools/runtime/core";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tsLiteral } from "../../../test-support/ts-literal.js";
import { typecheck } from "../../../test-support/typecheck.js";
import { emitSchemaTypes } from "./index.js";

/**
 * Random schemas and random values over small domains (few keys, few
 * strings and numbers) so that ajv accepts a fair share of the values; every
 * accepted value must be assignable to the generated type. Seeded, so a
 * failure reproduces.
 */
const KEYS = ["a", "b", "kind"];
const scalar = fc.constantFrom<JsonValue>(null, true, false, 0, 1, 1.5, -2, "x", "y", "");
const TYPES = ["string", "number", "integer", "boolean", "null", "object", "array"];

const { value } = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary<JsonValue>(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 3, noNullPrototype: true }),
  ),
}));

/** The object without its undefined entries (absent keywords). */
function compact(entries: Readonly<Record<string, JsonValue | undefined>>): JsonObject {
  return Object.fromEntries(Object.entries(entries).filter((e): e is [string, JsonValue] => e[1] !== undefined));
}

const { schema } = fc.letrec<{ schema: JsonValue }>((tie) => {
  const sub = tie("schema");
  const type = fc.option(
    fc.oneof(
      fc.constantFrom<JsonValue>(...TYPES),
      fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 }),
    ),
    {
      nil: undefined,
    },
  );
  const keys = fc.constantFrom(...KEYS);
  return {
    schema: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom<JsonValue>(
        true,
        {},
        { type: "string" },
        { type: "integer" },
        { type: ["string", "null"] },
        { $ref: "#/$defs/d" },
      ),
      fc
        .uniqueArray(fc.oneof(scalar, value), { minLength: 1, maxLength: 3, selector: (v) => JSON.stringify(v) })
        .map((e) => compact({ enum: e })),
      value.map((c) => compact({ const: c })),
      fc
        .tuple(
          type,
          fc.dictionary(keys, sub, { maxKeys: 2, noNullPrototype: true }),
          fc.option(fc.uniqueArray(keys, { maxLength: 2 }), { nil: undefined }),
          fc.option(fc.oneof(fc.boolean(), sub), { nil: undefined }),
          fc.option(fc.constant({ "^k": { type: "string" } }), { nil: undefined }),
        )
        .map(([t, properties, required, additionalProperties, patternProperties]) =>
          compact({ type: t, properties, required, additionalProperties, patternProperties }),
        ),
      fc
        .tuple(
          type,
          fc.option(fc.oneof(fc.boolean(), sub), { nil: undefined }),
          fc.option(fc.array(sub, { minLength: 1, maxLength: 2 }), { nil: undefined }),
          fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
          fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
        )
        .map(([t, items, prefixItems, minItems, maxItems]) =>
          compact({ type: t, items, prefixItems, minItems, maxItems }),
        ),
      fc.tuple(type, fc.array(sub, { minLength: 1, maxLength: 3 })).map(([t, anyOf]) => compact({ type: t, anyOf })),
      fc.array(sub, { minLength: 1, maxLength: 3 }).map((oneOf) => compact({ oneOf })),
      fc
        .tuple(
          fc.array(sub, { minLength: 1, maxLength: 2 }),
          fc.dictionary(keys, sub, { maxKeys: 1, noNullPrototype: true }),
        )
        .map(([allOf, properties]) => compact({ allOf, properties })),
      type.map((t) => compact({ $ref: "#/$defs/d", type: t })),
      fc.constant<JsonValue>({ type: "object", properties: { self: { $ref: "#" } } }),
    ),
  };
});

const rootSchema = fc.tuple(schema, schema).map(([body, def]: [JsonValue, JsonValue]): JsonObject => {
  // The definition may not refer to itself or the root directly: ajv would recurse forever.
  const $defs = { d: JSON.stringify(def).includes('"$ref"') ? { type: "string" } : def };
  return isJsonObject(body) ? { ...body, $defs } : { allOf: [body], $defs };
});

/** An argument object as the OpenHands server sends it: `kind` renamed, the discriminator beside the arguments. */
function onTheWire(args: JsonObject): JsonObject {
  const renamed = Object.entries(args).map(([k, v]): [string, JsonValue] => [k === "kind" ? "mcp_arg_kind" : k, v]);
  return Object.fromEntries([["kind", "ClientAction_t"], ...renamed]);
}

/**
 * Emits `schema`, then type-checks each value as the root type and, when `wire` is set, each object value as an action.
 */
function check(schema: JsonObject, values: readonly JsonValue[], wire: boolean): void {
  const { code, wireArgsType } = emitSchemaTypes(schema, { rootName: "R", defPrefix: "R" });
  const action = wire ? `export type W = { readonly kind: "ClientAction_t" } & ${wireArgsType};\n` : "";
  const lines = values.map((v, i) => {
    const asArgs = `export const v${i}: R = ${tsLiteral(v)};`;
    return wire && isJsonObject(v) ? `${asArgs}\nexport const w${i}: W = ${tsLiteral(onTheWire(v))};` : asArgs;
  });
  const file = `${code}${action}${lines.join("\n")}\n`;
  expect(typecheck({ "/gen/types.ts": file }), `${JSON.stringify(schema)}\n${file}`).toEqual([]);
}

describe("soundness on random schemas", () => {
  it("accepts every value ajv accepts, and every object on the wire", () => {
    const ajv = new Ajv2020({ strict: false, logger: false, ownProperties: true });
    const samples = fc.sample(
      fc.record({ schema: rootSchema, values: fc.array(value, { minLength: 20, maxLength: 20 }) }),
      { numRuns: 300, seed: 20251130 },
    );
    let checked = 0;
    for (const { schema: s, values } of samples) {
      // A tool's root says `type: "object"` (the check stage enforces it), which the wire type relies on.
      const { $defs, ...body } = s;
      const toolRoot: JsonObject = { type: "object", allOf: [body], $defs: $defs ?? {} };
      for (const [root, wire] of [
        [s, false],
        [toolRoot, true],
      ] as const) {
        const validate = ajv.compile(root);
        const accepted = values.filter((v) => validate(v));
        checked += accepted.length;
        if (accepted.length > 0) check(root, accepted, wire);
      }
    }
    // The domains are small enough that many values pass; if this drops, the test checks little.
    expect(checked).toBeGreaterThan(900);
  });
});
