import { describe, expect, it } from "vitest";
import type { JsonObject } from "../util/json.js";
import { STRICT_KEYWORD_FIXTURES } from "./__fixtures__/strict-keywords.js";
import { geminiLegacyParametersLoss } from "./gemini-legacy.js";
import { analyzeStrictCompatibility, type StrictModeTarget } from "./strict.js";

function pointers(schema: JsonObject, target: StrictModeTarget): string[] {
  return analyzeStrictCompatibility(schema, target).map((problem) => problem.pointer);
}

const closed = (properties: JsonObject, extra: JsonObject = {}): JsonObject => ({
  type: "object",
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
  ...extra,
});

describe("analyzeStrictCompatibility: openai", () => {
  it("passes a closed object whose properties are all required, $defs, $ref, recursion and nested anyOf included", () => {
    const schema = closed(
      {
        name: { type: ["string", "null"] },
        tree: { $ref: "#/$defs/node" },
        pick: { anyOf: [{ type: "string" }, { type: "number" }] },
      },
      { $defs: { node: closed({ children: { type: "array", items: { $ref: "#/$defs/node" } } }) } },
    );
    expect(analyzeStrictCompatibility(schema, "openai")).toEqual([]);
  });

  it("wants additionalProperties: false on every object, nested ones included", () => {
    const schema = {
      type: "object",
      properties: { inner: { type: "object", properties: {}, additionalProperties: true } },
      required: ["inner"],
    };
    expect(analyzeStrictCompatibility(schema, "openai")).toEqual([
      { pointer: "", message: 'an object schema needs "additionalProperties": false' },
      { pointer: "/properties/inner/additionalProperties", message: expect.stringContaining("must be false") },
    ]);
  });

  it("wants every property in required, naming each one", () => {
    const schema = { type: "object", properties: { a: {}, "b/c": {} }, required: ["a"], additionalProperties: false };
    expect(pointers(schema, "openai")).toEqual(["/properties/b~1c"]);
  });

  it.each(["oneOf", "allOf", "not", "if", "then", "else", "dependentRequired", "dependentSchemas"])(
    "refuses %s anywhere",
    (keyword) => {
      const schema = closed({ x: { [keyword]: keyword === "dependentRequired" ? {} : [{ type: "string" }] } });
      expect(pointers(schema, "openai")).toEqual([`/properties/x/${keyword}`]);
    },
  );

  it("refuses anyOf at the root but not below it", () => {
    expect(
      pointers(closed({ x: { anyOf: [{ type: "string" }] } }, { anyOf: [{ required: ["x"] }] }), "openai"),
    ).toEqual(["/anyOf"]);
  });

  it("refuses objects nested more than 10 levels deep, once, where the 11th level starts", () => {
    let schema: JsonObject = closed({});
    for (let level = 0; level < 10; level++) schema = closed({ next: schema });
    expect(pointers(schema, "openai")).toEqual([`${"/properties/next".repeat(10)}`]);
    expect(pointers((schema["properties"] as JsonObject)["next"] as JsonObject, "openai")).toEqual([]);
  });

  it("counts properties, enum values and text against OpenAI's limits", () => {
    const many = Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`p${i}`, { type: "string" }]));
    expect(analyzeStrictCompatibility(closed(many), "openai")).toEqual([
      { pointer: "", message: "5001 properties in all; at most 5000" },
    ]);

    const values = Array.from({ length: 1001 }, (_, i) => `v${i}`);
    expect(pointers(closed({ e: { enum: values } }), "openai")).toContain("");

    const long = Array.from({ length: 251 }, (_, i) => `${"x".repeat(60)}${i}`);
    expect(pointers(closed({ e: { enum: long } }), "openai")).toEqual(["/properties/e/enum"]);

    const text = closed({ c: { const: "x".repeat(120_001) } });
    expect(analyzeStrictCompatibility(text, "openai")[0]!.message).toContain("characters");
  });
});

describe("analyzeStrictCompatibility: anthropic", () => {
  it("passes a closed object with optional properties, anyOf, allOf, local $ref and a supported format", () => {
    const schema = {
      type: "object",
      properties: {
        when: { type: "string", format: "date-time" },
        tags: { type: "array", items: { type: "string" }, minItems: 1 },
        pick: { anyOf: [{ type: "string" }, { $ref: "#/$defs/point" }] },
        both: { allOf: [{ type: "string" }] },
      },
      $defs: { point: closed({ x: { type: "number" } }) },
      additionalProperties: false,
    };
    expect(analyzeStrictCompatibility(schema, "anthropic")).toEqual([]);
  });

  it.each([
    ["oneOf", [{}]],
    ["not", {}],
    ["minimum", 1],
    ["exclusiveMaximum", 1],
    ["multipleOf", 2],
    ["minLength", 1],
    ["maxLength", 9],
    ["maxItems", 3],
    ["uniqueItems", true],
  ])("refuses %s", (keyword, value) => {
    expect(pointers(closed({ x: { [keyword]: value } }), "anthropic")).toEqual([`/properties/x/${keyword}`]);
  });

  it("refuses minItems above 1, object enum values, unknown formats, complex patterns and remote refs", () => {
    const schema = closed({
      a: { type: "array", minItems: 2 },
      b: { enum: ["x", { y: 1 }] },
      c: { type: "string", format: "color" },
      d: { type: "string", pattern: "^(a)\\1$" },
      e: { type: "string", pattern: "^(?!x)" },
      f: { $ref: "https://example.com/schema.json" },
    });
    expect(pointers(schema, "anthropic")).toEqual([
      "/properties/a/minItems",
      "/properties/b/enum",
      "/properties/c/format",
      "/properties/d/pattern",
      "/properties/e/pattern",
      "/properties/f/$ref",
    ]);
  });

  it("wants additionalProperties: false on objects but not every property required", () => {
    expect(pointers({ type: "object", properties: { a: {} } }, "anthropic")).toEqual([""]);
  });

  it("refuses a recursive schema at the $ref that closes the loop", () => {
    const schema = closed(
      { tree: { $ref: "#/$defs/node" } },
      { $defs: { node: closed({ children: { type: "array", items: { $ref: "#/$defs/node" } } }) } },
    );
    expect(analyzeStrictCompatibility(schema, "anthropic")).toEqual([
      { pointer: "/$defs/node/properties/children/items/$ref", message: "recursive schemas are not supported" },
    ]);
  });
});

describe("analyzeStrictCompatibility: each keyword against each provider's published subset", () => {
  // The fixture's schema is property x of a closed root, beside a definition it may refer to.
  const rooted = (schema: JsonObject): JsonObject => closed({ x: schema }, { $defs: { word: { type: "string" } } });
  for (const target of ["openai", "anthropic"] as const) {
    it.each(STRICT_KEYWORD_FIXTURES.map((fixture) => [fixture.keyword, fixture[target], fixture.schema] as const))(
      `${target}: %s is %s`,
      (_keyword, verdict, schema) => {
        const problems = analyzeStrictCompatibility(rooted(schema), target);
        if (verdict === "ok") expect(problems).toEqual([]);
        else
          expect(problems.length > 0 && problems.every((problem) => problem.pointer.startsWith("/properties/x"))).toBe(
            true,
          );
      },
    );
  }

  it("needs an object at the root, for both", () => {
    for (const target of ["openai", "anthropic"] as const)
      expect(pointers({ type: "array", items: { type: "string" } }, target)).toContain("");
  });
});

describe("analyzeStrictCompatibility", () => {
  it("refuses a target it does not know (for callers without types)", () => {
    expect(() => analyzeStrictCompatibility({ type: "object" }, "gemini" as StrictModeTarget)).toThrow(
      /Unknown strict mode target "gemini"/,
    );
  });
});

describe("geminiLegacyParametersLoss", () => {
  it("names each keyword the legacy parameters field (Gemini's OpenAPI subset) would drop, and a list of types", () => {
    const schema = {
      type: "object",
      properties: {
        a: { type: "string", minLength: 1, pattern: "^x", format: "date-time" },
        b: { type: ["string", "null"] },
        c: { $ref: "#/$defs/c" },
        d: { type: "integer", exclusiveMinimum: 0, multipleOf: 2 },
        e: { anyOf: [{ const: "x" }, { type: "array", items: { type: "string" }, uniqueItems: true }] },
      },
      required: ["a"],
      additionalProperties: false,
      $defs: { c: { type: "string" } },
    };
    expect(geminiLegacyParametersLoss(schema).map((problem) => problem.pointer)).toEqual([
      "/additionalProperties",
      "/$defs",
      "/properties/b/type",
      "/properties/c/$ref",
      "/properties/d/exclusiveMinimum",
      "/properties/d/multipleOf",
      "/properties/e/anyOf/0/const",
      "/properties/e/anyOf/1/uniqueItems",
    ]);
    expect(
      geminiLegacyParametersLoss({
        type: "object",
        properties: { a: { type: "string", nullable: true, enum: ["x"] } },
        required: ["a"],
      }),
    ).toEqual([]);
  });
});
