import { describe, expect, it } from "vitest";
import type { JsonValue } from "../util/json.js";
import { mayListValuesAt } from "./listed-values.js";

describe("mayListValuesAt", () => {
  it.each<[string, JsonValue, string[], boolean]>([
    ["an enum property", { type: "object", properties: { kind: { enum: ["bar", "line"] } } }, ["kind"], true],
    [
      "a plain string property",
      { type: "object", properties: { title: { type: "string", maxLength: 5 } } },
      ["title"],
      false,
    ],
    [
      "a const in one branch of a oneOf",
      { properties: { v: { oneOf: [{ type: "string" }, { const: "auto" }] } } },
      ["v"],
      true,
    ],
    [
      "an item behind a $ref in $defs",
      {
        properties: { xs: { type: "array", items: { $ref: "#/$defs/colour" } } },
        $defs: { colour: { enum: ["teal"] } },
      },
      ["xs", "3"],
      true,
    ],
    [
      "a tuple's items (prefixItems), then items",
      { prefixItems: [{ type: "string" }, { enum: [1, 2] }], items: { type: "string" } },
      ["1"],
      true,
    ],
    [
      "past a tuple's prefixItems",
      { prefixItems: [{ type: "string" }, { enum: [1, 2] }], items: { type: "string" } },
      ["2"],
      false,
    ],
    [
      "draft-07 items as a list, then additionalItems",
      { items: [{ type: "string" }], additionalItems: { const: "x" } },
      ["4"],
      true,
    ],
    [
      "additionalProperties for a name not listed",
      { properties: { a: { type: "string" } }, additionalProperties: { enum: ["y"] } },
      ["b"],
      true,
    ],
    [
      "a listed name, not additionalProperties",
      { properties: { a: { type: "string" } }, additionalProperties: { enum: ["y"] } },
      ["a"],
      false,
    ],
    ["any patternProperties", { patternProperties: { "^x-": { const: 1 } } }, ["anything"], true],
    ["then and else of an if", { if: { required: ["a"] }, then: { properties: { m: { enum: ["on"] } } } }, ["m"], true],
    ["nothing said of the place", { type: "object" }, ["free"], false],
    [
      "a $ref cycle that consumes nothing",
      { $ref: "#/$defs/a", $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } } },
      ["x"],
      false,
    ],
  ])("%s", (_what, schema, tokens, listed) => {
    expect(mayListValuesAt(schema, tokens)).toBe(listed);
  });

  it("answers yes, without looking further, where branches multiply past its bound", () => {
    const branches = Array.from({ length: 100 }, (_, i) => ({ properties: { [`p${i}`]: { type: "string" } } }));
    expect(mayListValuesAt({ anyOf: branches, properties: { a: { anyOf: branches } } }, ["a", "b"])).toBe(true);
  });
});
