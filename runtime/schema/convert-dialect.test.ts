import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../util/json.js";
import { convertSchemaDialect, SchemaConversionError } from "./convert-dialect.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const DRAFT_2020 = "https://json-schema.org/draft/2020-12/schema";

/** The same verdict on every value, by each draft's own validator: what "the same meaning" is. */
function sameVerdicts(from: JsonObject, to: JsonObject, values: readonly unknown[]): void {
  const compile = (schema: JsonObject) =>
    (schema["$schema"] === DRAFT_07 ? new Ajv({ strict: false }) : new Ajv2020({ strict: false })).compile(schema);
  const before = compile(from);
  const after = compile(to);
  expect(values.map((v) => after(v))).toEqual(values.map((v) => before(v)));
}

describe("convertSchemaDialect", () => {
  it("gives a fresh, unfrozen copy of a schema already in the target draft", () => {
    const schema = Object.freeze({
      type: "object",
      additionalProperties: Object.freeze({ type: "string" }),
    }) as JsonObject;
    const copy = convertSchemaDialect(schema, "2020-12") as Record<string, unknown>;
    expect(copy).toEqual(schema);
    expect(copy).not.toBe(schema);
    delete copy["additionalProperties"];
    expect(schema["additionalProperties"]).toEqual({ type: "string" });
  });

  it("writes draft-07 tuples and dependencies as 2020-12's prefixItems and dependentRequired / dependentSchemas", () => {
    const schema: JsonObject = {
      $schema: DRAFT_07,
      type: "object",
      properties: {
        pair: { type: "array", items: [{ type: "integer" }, { type: "string" }], additionalItems: false },
        list: { items: { type: "number" }, additionalItems: false },
      },
      dependencies: { a: ["b"], c: { required: ["d"] } },
      definitions: { tag: { $id: "#tag", type: "string" } },
    };
    const converted = convertSchemaDialect(schema, "2020-12");
    expect(converted).toEqual({
      $schema: DRAFT_2020,
      type: "object",
      properties: {
        pair: { type: "array", prefixItems: [{ type: "integer" }, { type: "string" }], items: false },
        list: { items: { type: "number" } },
      },
      dependentRequired: { a: ["b"] },
      dependentSchemas: { c: { required: ["d"] } },
      definitions: { tag: { $anchor: "tag", type: "string" } },
    });
    sameVerdicts(schema, converted, [
      { pair: [1, "x"] },
      { pair: [1, "x", 3] },
      { pair: ["x"] },
      { list: [1, 2] },
      { a: 1 },
      { a: 1, b: 2 },
      { c: 1 },
      { c: 1, d: 2 },
    ]);
  });

  it("writes 2020-12's prefixItems, dependentRequired / dependentSchemas and $anchor in draft-07", () => {
    const schema: JsonObject = {
      type: "object",
      properties: { pair: { prefixItems: [{ type: "integer" }], items: { type: "string" } } },
      dependentRequired: { a: ["b"] },
      dependentSchemas: { c: { required: ["d"] } },
      $defs: { tag: { $anchor: "tag", type: "string" } },
    };
    const converted = convertSchemaDialect(schema, "draft-07");
    // The schema named no draft, and the copy names none either: the caller asked for draft-07 and knows it.
    expect(converted).toEqual({
      type: "object",
      properties: { pair: { items: [{ type: "integer" }], additionalItems: { type: "string" } } },
      dependencies: { a: ["b"], c: { required: ["d"] } },
      $defs: { tag: { $id: "#tag", type: "string" } },
    });
    sameVerdicts({ ...schema, $schema: DRAFT_2020 }, { ...converted, $schema: DRAFT_07 }, [
      { pair: [1, "a", "b"] },
      { pair: [1, 2] },
      { a: 1 },
      { a: 1, b: 1 },
      { c: 1 },
      { c: 1, d: 1 },
    ]);
    expect(convertSchemaDialect({ ...schema, $schema: DRAFT_2020 }, "draft-07")["$schema"]).toBe(DRAFT_07);
  });

  it.each([
    ["unevaluatedProperties", { type: "object", unevaluatedProperties: false }, "/unevaluatedProperties"],
    ["$dynamicRef", { $defs: { a: { $dynamicRef: "#node" } } }, "/$defs/a/$dynamicRef"],
    [
      "minContains",
      { properties: { list: { contains: { type: "string" }, minContains: 2 } } },
      "/properties/list/minContains",
    ],
    [
      "$ref",
      { prefixItems: [{ type: "string" }], properties: { first: { $ref: "#/prefixItems/0" } } },
      "/properties/first/$ref",
    ],
  ])("refuses %s in draft-07, naming the keyword and its place", (keyword, schema, pointer) => {
    let error: unknown;
    try {
      convertSchemaDialect(schema as JsonObject, "draft-07");
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(SchemaConversionError);
    expect(error).toMatchObject({ keyword, pointer, target: "draft-07" });
    expect((error as Error).message).toContain(`"${keyword}" at ${pointer}`);
  });

  it("leaves data alone: a const that looks like a schema is copied as written", () => {
    const schema: JsonObject = { $schema: DRAFT_07, const: { items: [1], dependencies: { a: ["b"] } } };
    expect(convertSchemaDialect(schema, "2020-12")).toEqual({
      $schema: DRAFT_2020,
      const: { items: [1], dependencies: { a: ["b"] } },
    });
  });
});
