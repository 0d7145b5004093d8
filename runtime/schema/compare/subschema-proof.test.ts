import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../util/json.js";
import { schemaSide } from "./schema-side.js";
import { proveSubschema } from "./subschema-proof.js";

const prove = (sub: JsonSchema, sup: JsonSchema) => proveSubschema(schemaSide(sub), schemaSide(sup));

describe("proveSubschema", () => {
  it("proves a narrower schema inside a wider one, keyword by keyword", () => {
    expect(prove({ type: "integer", minimum: 3, maximum: 5 }, { type: "number", minimum: 0 })).toEqual({
      proved: true,
    });
    expect(prove({ type: "string", enum: ["a", "b"] }, { type: "string", maxLength: 1 })).toEqual({ proved: true });
    const closed = { type: "object", properties: { a: { type: "string" } }, required: ["a"] };
    expect(prove(closed, { type: "object", properties: { a: { type: "string", minLength: 0 } } })).toEqual({
      proved: true,
    });
  });

  it("says which keyword of the wider side stopped it, and where", () => {
    const proof = prove(
      { type: "object", properties: { n: { type: "integer" } } },
      {
        type: "object",
        properties: { n: { type: "integer", maximum: 10 } },
      },
    );
    expect(proof.proved).toBe(false);
    expect(proof).toMatchObject({ pointer: "/properties/n/maximum", reason: expect.stringContaining("maximum") });
  });

  it("never proves what does not hold: a required property added, a type narrowed, an enum shrunk", () => {
    expect(prove({ type: "object" }, { type: "object", required: ["a"] }).proved).toBe(false);
    expect(prove({ type: "number" }, { type: "integer" }).proved).toBe(false);
    expect(prove({ enum: [1, 2, 3] }, { enum: [1, 2] }).proved).toBe(false);
  });

  it("holds a recursive schema against itself by co-induction, without running out of steps", () => {
    const tree = {
      $defs: { node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/node" } } } } },
      $ref: "#/$defs/node",
    };
    expect(prove(tree, structuredClone(tree))).toEqual({ proved: true });
  });

  it("treats a subset side that accepts nothing as inside anything, and a superset side that accepts nothing as refusing", () => {
    expect(prove(false, { type: "string" })).toEqual({ proved: true });
    expect(prove({ type: "string" }, false).proved).toBe(false);
  });
});
