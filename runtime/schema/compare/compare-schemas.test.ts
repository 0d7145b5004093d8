import { Ajv, type AnySchema } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { describe, expect, it } from "vitest";
import type { JsonSchema, JsonValue } from "../../util/json.js";
import { VALIDATION_OPTIONS } from "../ajv-options.js";
import { withProtoProperties } from "../proto-properties.js";
import { compareSchemas } from "./compare-schemas.js";
import type { SchemaRelation } from "./relation.js";

// The checker against a table of schema pairs, each with the relations a reader works out by
// hand: T (every value of the first is valid under the second), F (some value is not: the
// checker must give one, and an ajv of this test's own confirms it), U (the checker may not
// decide). A row's two relations are old-in-new and new-in-old.

type Expected = "T" | "F" | "U";
const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const str = { type: "string" };
const int = { type: "integer" };
const obj = (properties: Record<string, JsonValue>, extra: Record<string, JsonValue> = {}): JsonSchema => ({
  type: "object",
  properties,
  ...extra,
});
const tree = (defs: string, leaf: JsonValue): JsonSchema => ({
  $ref: `#/$defs/${defs}`,
  $defs: {
    [defs]: {
      type: "object",
      properties: { label: leaf, children: { type: "array", items: { $ref: `#/$defs/${defs}` } } },
      required: ["label"],
      additionalProperties: false,
    },
  },
});
const kindBranch = (kind: string, field: JsonValue): JsonValue => ({
  type: "object",
  properties: { kind: { const: kind }, value: field },
  required: ["kind", "value"],
  additionalProperties: false,
});

const rows: [name: string, old: JsonSchema, next: JsonSchema, oldInNew: Expected, newInOld: Expected][] = [
  // identity and the two boolean schemas
  ["the same schema", obj({ a: str }, { required: ["a"] }), obj({ a: str }, { required: ["a"] }), "T", "T"],
  ["true and {}", true, {}, "T", "T"],
  ["false and anything", false, str, "T", "F"],
  ["true narrowed to a type", true, str, "F", "T"],
  // type
  ["string widened with null", str, { type: ["string", "null"] }, "T", "F"],
  ["integer widened to number", int, { type: "number" }, "T", "F"],
  ["string changed to number", str, { type: "number" }, "F", "F"],
  ["any value narrowed to string", {}, str, "F", "T"],
  ["number with multipleOf 1 and integer", { type: "number", multipleOf: 1 }, int, "T", "T"],
  ["nullable as a type list and as anyOf", { type: ["string", "null"] }, { anyOf: [str, { type: "null" }] }, "T", "T"],
  // enum and const
  ["enum widened", { enum: ["a", "b"] }, { enum: ["a", "b", "c"] }, "T", "F"],
  ["const widened to enum", { const: "a" }, { enum: ["a", "b"] }, "T", "F"],
  ["enum widened to its type", { enum: [1, 2] }, int, "T", "F"],
  ["boolean narrowed to true", { type: "boolean" }, { enum: [true] }, "F", "T"],
  ["enum of one and const", { enum: ["a"] }, { const: "a" }, "T", "T"],
  ["mixed enum and string", { enum: ["a", 1] }, str, "F", "F"],
  [
    "enum values under other constraints",
    { type: "string", enum: ["a", "bb"], maxLength: 1 },
    { const: "a" },
    "T",
    "T",
  ],
  // strings
  ["maxLength raised", { ...str, maxLength: 80 }, { ...str, maxLength: 200 }, "T", "F"],
  ["minLength dropped", { ...str, minLength: 1 }, str, "T", "F"],
  ["pattern dropped", { ...str, pattern: "^a" }, str, "T", "F"],
  ["pattern added", str, { ...str, pattern: "^a" }, "F", "T"],
  ["format dropped", { ...str, format: "date" }, str, "T", "F"],
  ["format added", str, { ...str, format: "email" }, "F", "T"],
  ["format changed", { ...str, format: "date" }, { ...str, format: "date-time" }, "F", "F"],
  ["a format ajv does not know", { ...str, format: "colour" }, str, "T", "T"],
  // numbers
  ["minimum raised", { ...int, minimum: 0 }, { ...int, minimum: 1 }, "F", "T"],
  ["maximum made exclusive", { type: "number", maximum: 10 }, { type: "number", exclusiveMaximum: 10 }, "F", "T"],
  [
    "exclusiveMinimum 0 and minimum 0",
    { type: "number", exclusiveMinimum: 0 },
    { type: "number", minimum: 0 },
    "T",
    "F",
  ],
  ["multipleOf 2 to 4", { ...int, multipleOf: 2 }, { ...int, multipleOf: 4 }, "F", "T"],
  ["multipleOf 0.5 to 0.25", { type: "number", multipleOf: 0.5 }, { type: "number", multipleOf: 0.25 }, "T", "F"],
  ["a range widened", { ...int, minimum: 1, maximum: 5 }, { ...int, minimum: 0, maximum: 10 }, "T", "F"],
  ["int32 asked of integers", int, { ...int, format: "int32" }, "F", "T"],
  ["int32 asked of numbers", { type: "number" }, { type: "number", format: "int32" }, "F", "T"],
  ["int32 within the bounds given", { ...int, minimum: 0, maximum: 100 }, { ...int, format: "int32" }, "T", "F"],
  ["int32 and a multipleOf 1 number", { type: "number", format: "int32" }, int, "T", "F"],
  ["int64 asked of integers", int, { ...int, format: "int64" }, "T", "T"],
  ["int64 asked of numbers", { type: "number" }, { type: "number", format: "int64" }, "F", "T"],
  [
    "float and double accept any number",
    { type: "number", format: "float" },
    { type: "number", format: "double" },
    "T",
    "T",
  ],
  ["a string format on a number", { type: "number" }, { type: "number", format: "date" }, "T", "T"],
  ["OpenAPI's nullable dropped", { ...str, nullable: true }, str, "F", "T"],
  ["OpenAPI's nullable and a type list", { ...str, nullable: true }, { type: ["string", "null"] }, "T", "T"],
  // arrays
  ["items widened", { type: "array", items: str }, { type: "array", items: { type: ["string", "number"] } }, "T", "F"],
  ["minItems dropped", { type: "array", items: str, minItems: 1 }, { type: "array", items: str }, "T", "F"],
  ["maxItems lowered", { type: "array", maxItems: 3 }, { type: "array", maxItems: 2 }, "F", "T"],
  ["uniqueItems dropped", { type: "array", items: str, uniqueItems: true }, { type: "array", items: str }, "T", "F"],
  [
    "a tuple opened",
    { type: "array", prefixItems: [str, int], items: false },
    { type: "array", prefixItems: [str], items: int },
    "T",
    "F",
  ],
  [
    "a draft-07 tuple and its 2020-12 twin",
    { $schema: DRAFT_07, type: "array", items: [str, int], additionalItems: false },
    { type: "array", prefixItems: [str, int], items: false },
    "T",
    "T",
  ],
  ["contains kept", { type: "array", contains: str }, { type: "array", contains: str }, "T", "T"],
  [
    "contains changed",
    { type: "array", contains: str, maxItems: 2 },
    { type: "array", contains: int, maxItems: 2 },
    "F",
    "F",
  ],
  // objects
  ["an optional property added to an open object", obj({ a: str }), obj({ a: str, b: int }), "F", "T"],
  [
    "an optional property added to a closed object",
    obj({ a: str }, { additionalProperties: false }),
    obj({ a: str, b: int }, { additionalProperties: false }),
    "T",
    "F",
  ],
  ["a required property made optional", obj({ a: str }, { required: ["a"] }), obj({ a: str }), "T", "F"],
  ["a property made required", obj({ a: str }), obj({ a: str }, { required: ["a"] }), "F", "T"],
  ["a property narrowed", obj({ a: { type: ["string", "null"] } }), obj({ a: str }), "F", "T"],
  [
    "a property renamed in a closed object",
    obj({ path: str }, { required: ["path"], additionalProperties: false }),
    obj({ file: str }, { required: ["file"], additionalProperties: false }),
    "F",
    "F",
  ],
  ["additionalProperties opened", obj({ a: str }, { additionalProperties: false }), obj({ a: str }), "T", "F"],
  [
    "additionalProperties widened",
    obj({}, { additionalProperties: str }),
    obj({}, { additionalProperties: { type: ["string", "number"] } }),
    "T",
    "F",
  ],
  [
    "patternProperties kept",
    obj({}, { patternProperties: { "^x-": str }, additionalProperties: false }),
    obj({}, { patternProperties: { "^x-": str }, additionalProperties: false }),
    "T",
    "T",
  ],
  ["minProperties dropped", obj({ a: str }, { minProperties: 1 }), obj({ a: str }), "T", "F"],
  ["maxProperties raised", obj({}, { maxProperties: 1 }), obj({}, { maxProperties: 2 }), "T", "F"],
  [
    "a closed object within maxProperties",
    obj({ a: str }, { additionalProperties: false }),
    obj({ a: str }, { maxProperties: 1 }),
    "T",
    "F",
  ],
  [
    "dependentRequired added",
    obj({ a: str, b: str }),
    obj({ a: str, b: str }, { dependentRequired: { a: ["b"] } }),
    "F",
    "T",
  ],
  [
    "propertyNames kept",
    obj({}, { propertyNames: { maxLength: 3 } }),
    obj({}, { propertyNames: { maxLength: 3 } }),
    "T",
    "T",
  ],
  [
    "a property named constructor made required",
    obj({ constructor: str }),
    obj({ constructor: str }, { required: ["constructor"] }),
    "F",
    "T",
  ],
  [
    "patternProperties retyped",
    obj({}, { patternProperties: { "^x-": str } }),
    obj({}, { patternProperties: { "^x-": int } }),
    "F",
    "F",
  ],
  // combinators
  ["anyOf widened with null", { anyOf: [str, int] }, { anyOf: [str, int, { type: "null" }] }, "T", "F"],
  ["oneOf of disjoint types and anyOf", { oneOf: [str, int] }, { anyOf: [str, int] }, "T", "T"],
  [
    "oneOf of overlapping branches and anyOf",
    { oneOf: [{ type: "number" }, int] },
    { anyOf: [{ type: "number" }, int] },
    "T",
    "F",
  ],
  [
    "allOf merged and required",
    { allOf: [obj({ a: str }), { required: ["a"] }] },
    { type: "object", required: ["a"] },
    "T",
    "F",
  ],
  [
    "a discriminated union given a third kind",
    { oneOf: [kindBranch("a", str), kindBranch("b", int)] },
    { oneOf: [kindBranch("a", str), kindBranch("b", int), kindBranch("c", { type: "boolean" })] },
    "T",
    "F",
  ],
  ["an anyOf branch removed", { anyOf: [str, int] }, { anyOf: [str] }, "F", "T"],
  ["not kept", { not: str }, { not: str }, "T", "T"],
  ["not changed", { not: str }, { not: int }, "F", "F"],
  ["if/then changed", { if: str, then: { minLength: 2 } }, { if: str, then: { minLength: 3 } }, "F", "U"],
  // $ref and recursion
  ["a recursive tree with its definition renamed", tree("node", str), tree("tree", str), "T", "T"],
  ["a recursive tree whose labels widen", tree("node", str), tree("node", { type: ["string", "integer"] }), "T", "F"],
  [
    "a $ref and the schema inline",
    { $ref: "#/$defs/name", $defs: { name: { ...str, maxLength: 5 } } },
    { ...str, maxLength: 5 },
    "T",
    "T",
  ],
  [
    "draft-07 definitions and 2020-12 $defs",
    { $schema: DRAFT_07, $ref: "#/definitions/a", definitions: { a: int } },
    { $ref: "#/$defs/b", $defs: { b: int } },
    "T",
    "T",
  ],
  ["a property that only false allows", obj({ a: false }), obj({}, { additionalProperties: false }), "F", "T"],
];

/**
 * This test's own ajv, with the runtime's validation options and formats, reading only own properties and `__proto__`
 * as a name like any other (withProtoProperties), as the runtime's validators do: the judge of every witness.
 */
const JUDGE = { ...VALIDATION_OPTIONS, formats: fullFormats, logger: false, ownProperties: true } as const;

function validatorOf(schema: JsonSchema): (value: JsonValue) => boolean {
  const draft07 = typeof schema === "object" && schema["$schema"] === DRAFT_07;
  const ajv = draft07 ? new Ajv(JUDGE) : new Ajv2020(JUDGE);
  const validate = ajv.compile((typeof schema === "object" ? withProtoProperties(schema) : schema) as AnySchema);
  return (value) => validate(value) === true;
}

function verdict(relation: SchemaRelation): Expected {
  return relation.holds === true ? "T" : relation.holds === false ? "F" : "U";
}

describe("compareSchemas", () => {
  it(`has a table of at least 60 pairs (${rows.length})`, () => {
    expect(rows.length).toBeGreaterThanOrEqual(60);
  });

  it.each(rows)("%s", (_name, old, next, oldInNew, newInOld) => {
    const comparison = compareSchemas(old, next);
    expect([verdict(comparison.oldInNew), verdict(comparison.newInOld)]).toEqual([oldInNew, newInOld]);
    for (const [relation, first, second] of [
      [comparison.oldInNew, old, next],
      [comparison.newInOld, next, old],
    ] as const) {
      if (relation.holds !== false) continue;
      expect(
        validatorOf(first)(relation.witness),
        `witness ${JSON.stringify(relation.witness)} valid under the first`,
      ).toBe(true);
      expect(
        validatorOf(second)(relation.witness),
        `witness ${JSON.stringify(relation.witness)} invalid under the second`,
      ).toBe(false);
    }
  });

  it("names the keyword that refuses each witness, its pointer in the second schema, and why", () => {
    const item = { type: "object", properties: { path: str } };
    const cases: [JsonSchema, JsonSchema, Record<string, string>][] = [
      [
        obj({ issue: obj({ title: str, body: str }, { required: ["title"] }) }, { required: ["issue"] }),
        obj({ issue: obj({ title: str, body: str }, { required: ["title", "body"] }) }, { required: ["issue"] }),
        {
          keyword: "required",
          pointer: "/properties/issue/required",
          reason: `"body" is required at /issue, which the value lacks`,
        },
      ],
      [
        obj({ files: { type: "array", items: item } }),
        obj({ files: { type: "array", items: { ...item, additionalProperties: false } } }),
        { keyword: "additionalProperties", pointer: "/properties/files/items/additionalProperties", at: "/files/0" },
      ],
      [
        obj({ mode: { enum: ["read", "write", "append"] } }, { required: ["mode"] }),
        obj({ mode: { enum: ["read", "write"] } }, { required: ["mode"] }),
        {
          keyword: "enum",
          pointer: "/properties/mode/enum",
          reason: `"append" at /mode is not one of the values listed`,
        },
      ],
      [
        obj({ count: int }, { required: ["count"] }),
        obj({ count: { ...int, format: "int32" } }, { required: ["count"] }),
        { keyword: "format", pointer: "/properties/count/format", reason: `2147483648 at /count is not "int32"` },
      ],
    ];
    for (const [old, next, refusal] of cases)
      expect(compareSchemas(old, next).oldInNew, JSON.stringify(next)).toMatchObject({ holds: false, ...refusal });
  });

  it("draws an enum's witness from the whole list: a nested enum of 500 values without its 301st", () => {
    const values = Array.from({ length: 500 }, (_, i) => `v${i}`);
    const mode = (listed: string[]) => obj({ mode: { type: "string", enum: listed } }, { required: ["mode"] });
    const comparison = compareSchemas(mode(values), mode(values.filter((v) => v !== "v300")));
    expect(comparison.oldInNew).toMatchObject({
      holds: false,
      witness: { mode: "v300" },
      keyword: "enum",
      pointer: "/properties/mode/enum",
    });
    expect(comparison.newInOld).toEqual({ holds: true });
  });

  it("proves a ring of 200 recursive definitions once each, and finds the one change in it", () => {
    const ring = (leaf: JsonValue): JsonSchema => {
      const defs: Record<string, JsonValue> = {};
      for (let i = 0; i < 200; i++)
        defs[`d${i}`] = obj({
          v: leaf,
          next: { $ref: `#/$defs/d${(i + 1) % 200}` },
          far: { $ref: `#/$defs/d${(i + 7) % 200}` },
        });
      return { $ref: "#/$defs/d0", $defs: defs };
    };
    const comparison = compareSchemas(ring(str), ring({ type: ["string", "null"] }));
    expect(comparison.oldInNew).toEqual({ holds: true });
    expect(comparison.newInOld).toMatchObject({
      holds: false,
      keyword: "type",
      pointer: "/$defs/d0/properties/v/type",
    });
  });

  it("says what stopped a proof, at its pointer in the second schema", () => {
    const { oldInNew } = compareSchemas(
      { type: "string", pattern: "^[a-z]+$" },
      { type: "string", pattern: "^[a-z]*$" },
    );
    expect(oldInNew).toEqual({
      holds: "unknown",
      reason: "pattern: the second has one the first does not",
      pointer: "/pattern",
    });
  });
});
