import { describe, expect, it } from "vitest";
import type { JsonObject } from "../util/json.js";
import { forEachSubschema, isObjectSchema } from "./subschemas.js";

function visited(schema: JsonObject): string[] {
  const pointers: string[] = [];
  forEachSubschema(schema, "/root", (_, pointer) => pointers.push(pointer));
  return pointers;
}

describe("forEachSubschema", () => {
  it("visits every keyword that holds subschemas, in both drafts, and nothing else", () => {
    const s = {};
    const schema = {
      additionalProperties: s,
      items: [s, true],
      prefixItems: [s],
      contains: s,
      not: s,
      if: s,
      then: s,
      else: s,
      allOf: [s],
      anyOf: [s],
      oneOf: [s],
      properties: { "a/b": s, c: false },
      patternProperties: { "^x": s },
      $defs: { d: s },
      definitions: { e: s },
      dependentSchemas: { f: s },
      dependencies: { g: s, h: ["i"] },
      propertyNames: s,
      unevaluatedProperties: s,
      unevaluatedItems: s,
      contentSchema: s,
      const: { type: "string" },
      enum: [{ type: "string" }],
      default: { type: "string" },
      examples: [{ type: "string" }],
      "x-vendor": { type: "string" },
    };
    expect(visited(schema).sort()).toEqual(
      [
        "additionalProperties",
        "items/0",
        "prefixItems/0",
        "contains",
        "not",
        "if",
        "then",
        "else",
        "allOf/0",
        "anyOf/0",
        "oneOf/0",
        "properties/a~1b",
        "patternProperties/^x",
        "$defs/d",
        "definitions/e",
        "dependentSchemas/f",
        "dependencies/g",
        "propertyNames",
        "unevaluatedProperties",
        "unevaluatedItems",
        "contentSchema",
      ]
        .map((pointer) => `/root/${pointer}`)
        .sort(),
    );
  });

  it("visits items given as one schema", () => {
    expect(visited({ items: { type: "string" } })).toEqual(["/root/items"]);
  });
});

describe("isObjectSchema", () => {
  it("recognizes object schemas by type, by a type list, or by properties without a type", () => {
    expect(isObjectSchema({ type: "object" })).toBe(true);
    expect(isObjectSchema({ type: ["object", "null"] })).toBe(true);
    expect(isObjectSchema({ properties: {} })).toBe(true);
    expect(isObjectSchema({ type: "string", properties: {} })).toBe(false);
    expect(isObjectSchema({ items: {} })).toBe(false);
  });
});
