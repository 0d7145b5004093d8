import type { JsonObject, JsonValue } from "@gen-client-tools/runtime/core";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { tsLiteral } from "../../../test-support/ts-literal.js";
import { typecheck } from "../../../test-support/typecheck.js";
import { emitSchemaTypes } from "./index.js";

/**
 * Soundness: every instance ajv accepts is assignable to the generated type.
 * Precision: the instances listed as rejected (ajv rejects them too) must be
 * compile errors, pinned with @ts-expect-error.
 */
interface Case {
  readonly schema: JsonObject;
  readonly accepted: readonly JsonValue[];
  readonly rejected?: readonly JsonValue[];
}

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

const CASES: Record<string, Case> = {
  "a typical tool": {
    schema: {
      type: "object",
      properties: {
        file_path: { type: "string", description: "Path to open." },
        line: { type: "integer", minimum: 1 },
        mode: { enum: ["view", "edit"] },
      },
      required: ["file_path"],
    },
    accepted: [{ file_path: "a" }, { file_path: "a", line: 3, mode: "edit", extra: [1, { x: null }] }],
    rejected: [{}, { file_path: 1 }, { file_path: "a", mode: "delete" }, { file_path: "a", line: "3" }],
  },
  "a closed object": {
    schema: { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
    accepted: [{}, { a: "x" }],
    rejected: [{ a: "x", b: 1 }, "x", null],
  },
  "the empty closed object": {
    schema: { type: "object", additionalProperties: false },
    accepted: [{}],
    rejected: [{ a: 1 }],
  },
  "nullable type arrays": {
    schema: { type: "object", properties: { x: { type: ["string", "null"] }, n: { type: ["integer", "boolean"] } } },
    accepted: [{ x: null }, { x: "s", n: 2 }, { n: false }],
    rejected: [{ x: 1 }, { n: "s" }],
  },
  "keywords without type": {
    schema: {
      type: "object",
      properties: { p: { properties: { a: { type: "string" } }, required: ["a"], items: { type: "number" } } },
    },
    accepted: [{ p: 5 }, { p: "s" }, { p: null }, { p: true }, { p: { a: "s", b: 1 } }, { p: [1, 2] }],
    rejected: [{ p: { a: 1 } }, { p: {} }, { p: ["x"] }],
  },
  "enum and const of every kind": {
    schema: {
      type: "object",
      properties: {
        e: { enum: ["a", 1, null, true, [1, "x"], { k: [false] }, {}] },
        c: { const: { nested: { deep: [1, 2.5, -3] } } },
        i: { type: "integer", enum: [1, 1.5, "a"] },
        big: { enum: [1e21, -1e-7, 0] },
      },
      additionalProperties: false,
    },
    accepted: [
      { e: "a" },
      { e: [1, "x"] },
      { e: { k: [false] } },
      { e: {} },
      { e: null },
      { c: { nested: { deep: [1, 2.5, -3] } } },
      { i: 1 },
      { big: 1e21 },
      { big: -1e-7 },
    ],
    rejected: [
      { e: "b" },
      { e: [1] },
      { e: { k: [true] } },
      { c: { nested: { deep: [1] } } },
      { i: 1.5 },
      { i: "a" },
      { e: { other: 1 } },
    ],
  },
  "a discriminated oneOf": {
    schema: {
      type: "object",
      oneOf: [
        {
          properties: { shape: { const: "circle" }, r: { type: "number" } },
          required: ["shape", "r"],
          additionalProperties: false,
        },
        {
          properties: { shape: { const: "square" }, side: { type: "number" } },
          required: ["shape", "side"],
          additionalProperties: false,
        },
      ],
    },
    accepted: [
      { shape: "circle", r: 1 },
      { shape: "square", side: 2 },
    ],
    rejected: [{ shape: "circle", side: 1 }, { shape: "triangle" }, { shape: "square" }],
  },
  "anyOf of required lists under an object": {
    schema: {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "number" } },
      anyOf: [{ required: ["a"] }, { required: ["b"] }],
    },
    accepted: [{ a: "x" }, { b: 1 }, { a: "x", b: 1, c: [] }],
    rejected: [{}, { c: 1 }],
  },
  "allOf of an open and a closed object": {
    schema: {
      allOf: [
        {
          type: "object",
          properties: { a: { type: "string" }, b: { type: "number" } },
          required: ["a"],
          additionalProperties: false,
        },
        { type: "object", properties: { b: { type: "integer" } } },
      ],
    },
    accepted: [{ a: "x" }, { a: "x", b: 2 }],
    // TypeScript has no exact types: intersected with an open object, a closed one accepts extra keys too.
    rejected: [{ b: 1 }, { a: "x", b: "2" }],
  },
  "allOf mixing $ref and closed objects": {
    schema: {
      type: "object",
      allOf: [{ $ref: "#/$defs/base" }, { properties: { extra: { type: "boolean" } } }],
      $defs: { base: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } },
    },
    accepted: [{ id: "1" }, { id: "1", extra: true, more: {} }],
    rejected: [{ extra: true }, { id: "1", extra: "yes" }],
  },
  "additionalProperties and patternProperties schemas": {
    schema: {
      type: "object",
      properties: { name: { type: "string" } },
      patternProperties: { "^x-": { type: "boolean" } },
      additionalProperties: { type: "number" },
      required: ["id"],
    },
    accepted: [{ id: 1 }, { id: 1, name: "n", "x-flag": true, count: 3 }],
    rejected: [{ name: "n" }, { id: null }],
  },
  "required keys without a declaration": {
    schema: { type: "object", required: ["id", "__proto__"] },
    accepted: [JSON.parse('{"id": [1], "__proto__": {"a": 1}}') as JsonObject],
    rejected: [{ id: 1 }],
  },
  "2020-12 tuples": {
    schema: {
      type: "object",
      properties: {
        closed: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], minItems: 1, items: false },
        open: { type: "array", prefixItems: [{ type: "string" }] },
        rest: { type: "array", prefixItems: [{ type: "string" }], items: { type: "boolean" } },
        none: { type: "array", items: false },
      },
    },
    accepted: [
      { closed: ["a"] },
      { closed: ["a", 1] },
      { open: [] },
      { open: ["a", 1, null] },
      { rest: ["a", true, false] },
      { none: [] },
    ],
    rejected: [{ closed: [] }, { closed: ["a", 1, 2] }, { closed: [1] }, { rest: ["a", 1] }, { none: [1] }],
  },
  "draft-07 tuples": {
    schema: {
      $schema: DRAFT_07,
      type: "array",
      items: [{ type: "string" }, { type: "number" }],
      additionalItems: { type: "boolean" },
    },
    accepted: [[], ["a"], ["a", 1, true, false]],
    rejected: [["a", 1, "x"], [1]],
  },
  "a recursive tree": {
    schema: {
      $ref: "#/$defs/node",
      $defs: {
        node: {
          type: "object",
          properties: { value: { type: "number" }, children: { type: "array", items: { $ref: "#/$defs/node" } } },
          required: ["value"],
          additionalProperties: false,
        },
      },
    },
    accepted: [{ value: 1 }, { value: 1, children: [{ value: 2, children: [{ value: 3 }] }] }],
    rejected: [
      { value: 1, children: [{ value: "2" }] },
      { value: 1, children: [{}] },
    ],
  },
  "mutual recursion and the root by #": {
    schema: {
      type: "object",
      properties: { a: { $ref: "#/$defs/a" }, self: { $ref: "#" } },
      additionalProperties: false,
      $defs: {
        a: { type: "object", properties: { b: { $ref: "#/$defs/b" } }, additionalProperties: false },
        b: { anyOf: [{ type: "null" }, { $ref: "#/$defs/a" }] },
      },
    },
    accepted: [{ a: { b: { b: null } } }, { self: { self: { a: {} } } }],
    rejected: [{ a: { b: 1 } }, { self: { other: 1 } }],
  },
  // Draft-07 ignores the siblings of $ref; ajv 8 applies them. The type follows the draft, which is
  // the wider reading, so it is sound under both: "x" (draft-07 only) is pinned in schema-type.test.ts.
  "draft-07 $ref with siblings": {
    schema: { $schema: DRAFT_07, $ref: "#/definitions/s", enum: ["a"], definitions: { s: { type: "string" } } },
    accepted: ["a"],
    rejected: [1],
  },
  "2020-12 combines $ref with its siblings": {
    schema: { $ref: "#/$defs/s", enum: ["a", "b", 1], $defs: { s: { type: "string" } } },
    accepted: ["a", "b"],
    rejected: [1, "c"],
  },
  "properties named like the members every object inherits": {
    schema: {
      type: "object",
      properties: { toString: { type: "string" }, constructor: { type: "number" }, valueOf: { const: 1 } },
      additionalProperties: { type: "string" },
    },
    accepted: [{}, { toString: "s", constructor: 1, valueOf: 1, other: "x" }],
    rejected: [{ toString: 1 }, { constructor: "c" }],
  },
  "boolean subschemas": {
    schema: { type: "object", properties: { t: true, f: false, e: {} } },
    accepted: [{ t: [1] }, { e: { z: null } }],
    rejected: [{ f: 1 }],
  },
  "unevaluatedProperties: false on its own": {
    schema: { type: "object", properties: { a: { type: "string" } }, unevaluatedProperties: false },
    accepted: [{ a: "x" }],
    rejected: [{ a: "x", b: 1 }],
  },
  "unevaluatedProperties: false with allOf": {
    schema: {
      type: "object",
      allOf: [{ properties: { a: { type: "string" } } }],
      properties: { b: { type: "number" } },
      unevaluatedProperties: false,
    },
    accepted: [{ a: "x", b: 1 }],
  },
  "keywords TypeScript cannot express": {
    schema: {
      type: "object",
      properties: {
        s: { type: "string", minLength: 2, pattern: "^a", format: "email" },
        n: { type: "number", multipleOf: 2, not: { const: 4 } },
      },
      if: { required: ["s"] },
      then: { required: ["n"] },
      dependentSchemas: { n: { required: ["s"] } },
      propertyNames: { maxLength: 1 },
      minProperties: 1,
    },
    accepted: [{ s: "ab", n: 2 }],
    rejected: [{ s: 1, n: 2 }],
  },
  "objects and arrays at once": {
    schema: { type: ["array", "object"], items: { type: "string" }, properties: { a: { type: "number" } } },
    accepted: [["x"], { a: 1, b: 2 }, []],
    rejected: [[1], { a: "x" }, "x"],
  },
  "$defs and definitions sharing a key": {
    schema: {
      type: "object",
      properties: { d: { $ref: "#/$defs/x" }, e: { $ref: "#/definitions/x" } },
      $defs: { x: { type: "string" } },
      definitions: { x: { type: "number" } },
    },
    accepted: [{ d: "a", e: 1 }],
    rejected: [{ d: 1 }, { e: "a" }],
  },
  "an inlined pointer into a property": {
    schema: {
      type: "object",
      properties: {
        tree: {
          type: "object",
          properties: { sub: { $ref: "#/properties/tree" }, v: { type: "string" } },
          additionalProperties: false,
        },
      },
    },
    accepted: [{ tree: { v: "a", sub: { sub: { sub: { v: "b" } } } } }],
    rejected: [{ tree: { v: 1 } }],
  },
};

/** ajv as the spec reads: own properties only, so a missing "__proto__" key is missing. */
function validator(schema: JsonObject) {
  const options = { strict: false, logger: false, validateFormats: false, ownProperties: true } as const;
  const ajv = own(schema, "$schema") === DRAFT_07 ? new Ajv(options) : new Ajv2020(options);
  return ajv.compile(schema);
}

function own(o: JsonObject, k: string): JsonValue | undefined {
  return Object.hasOwn(o, k) ? o[k] : undefined;
}

describe("soundness against ajv", () => {
  it.each(Object.entries(CASES))("%s", (_, { schema, accepted, rejected = [] }) => {
    const validate = validator(schema);
    for (const value of accepted) expect(validate(value), JSON.stringify(value)).toBe(true);
    for (const value of rejected) expect(validate(value), JSON.stringify(value)).toBe(false);

    const { code } = emitSchemaTypes(schema, { rootName: "Root", defPrefix: "Root" });
    const lines = [
      ...accepted.map((v, i) => `export const ok${i}: Root = ${tsLiteral(v)};`),
      ...rejected.map(
        (v, i) => `// @ts-expect-error ${JSON.stringify(v)}\nexport const no${i}: Root = ${tsLiteral(v)};`,
      ),
    ];
    expect(typecheck({ "/gen/types.ts": `${code}\n${lines.join("\n")}\n` })).toEqual([]);
  });
});
