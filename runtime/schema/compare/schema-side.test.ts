import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { JsonObject, JsonValue } from "../../util/json.js";
import { schemaSide } from "./schema-side.js";

const ROOT: JsonObject = {
  type: "object",
  $defs: { short: { type: "string", maxLength: 3 } },
  properties: {
    plain: { type: "string", minLength: 1, maxLength: 2, description: "no $ref: checked on its own" },
    referring: { $ref: "#/$defs/short" },
    nested: { type: "array", items: { anyOf: [{ type: "integer", minimum: 2 }, { $ref: "#/$defs/short" }] } },
  },
};
const VALUES: JsonValue[] = ["a", "c", "abcd", "", 1, 3, [3, "ab"], [1], ["abcd"], null];

describe("a side's values checked by pointer", () => {
  it("accepts what ajv accepts of the subschema where it stands, with and without a $ref in it", () => {
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(ROOT, "root");
    const side = schemaSide(ROOT);
    for (const pointer of ["/properties/plain", "/properties/referring", "/properties/nested", ""]) {
      const validate = ajv.getSchema(`root#${pointer}`)!;
      expect(
        VALUES.map((value) => side.accepts(pointer, value)),
        pointer,
      ).toEqual(VALUES.map((value) => validate(value)));
    }
    side.release();
  });

  it("answers for a subschema without a $ref when ajv cannot compile another part of the root", () => {
    // ajv compiles patterns with the u flag, under which "\\-" outside a class is an error.
    const root: JsonObject = {
      type: "object",
      properties: {
        size: { type: "integer", maximum: 10 },
        code: { type: "string", pattern: "^a\\-b$" },
        alias: { $ref: "#/properties/size" },
      },
    };
    const side = schemaSide(root);
    expect([side.accepts("/properties/size", 5), side.accepts("/properties/size", 11)]).toEqual([true, false]);
    // Reached only through the root, which ajv refuses: the side cannot tell.
    expect(side.accepts("/properties/alias", 5)).toBeUndefined();
    side.release();
  });
});
