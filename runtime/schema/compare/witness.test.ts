import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../util/json.js";
import { schemaSide } from "./schema-side.js";
import { findWitness } from "./witness.js";

const witness = (sub: JsonSchema, sup: JsonSchema) => findWitness(schemaSide(sub), schemaSide(sup));

describe("findWitness", () => {
  it("finds a value the first schema takes and the second refuses, checked by ajv on both", () => {
    const cases: [JsonSchema, JsonSchema][] = [
      [{ type: "object" }, { type: "object", required: ["body"] }],
      [{ type: "number" }, { type: "integer" }],
      [{ type: "string" }, { type: "string", maxLength: 3 }],
      [{ enum: ["a", "b", "c"] }, { enum: ["a", "b"] }],
      [
        { type: "array", items: { type: "string" } },
        { type: "array", items: { type: "string" }, maxItems: 1 },
      ],
    ];
    const ajv = new Ajv2020({ strict: false });
    for (const [sub, sup] of cases) {
      const value = witness(sub, sup);
      expect(value, JSON.stringify([sub, sup])).not.toBeUndefined();
      expect(ajv.validate(sub as object, value)).toBe(true);
      expect(ajv.validate(sup as object, value)).toBe(false);
    }
  });

  it("finds none where every value of the first is taken by the second", () => {
    expect(witness({ type: "integer", minimum: 1 }, { type: "number" })).toBeUndefined();
    expect(witness({ const: "x" }, { type: "string" })).toBeUndefined();
  });
});
