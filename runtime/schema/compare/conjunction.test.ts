import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../util/json.js";
import { casesOf } from "./cases.js";
import {
  allowedTypes,
  conjunctionOf,
  finiteValues,
  itemConstraints,
  namedProperties,
  propertyConstraints,
  requiredNames,
} from "./conjunction.js";
import { schemaSide } from "./schema-side.js";

const of = (schema: JsonSchema) => {
  const side = schemaSide(schema);
  return { side, conjunction: conjunctionOf([{ schema, pointer: "" }], side) };
};

describe("conjunctionOf", () => {
  it("flattens allOf and $ref into one list of parts, each with its pointer", () => {
    const { conjunction } = of({
      $defs: { named: { required: ["name"] } },
      allOf: [{ $ref: "#/$defs/named" }, { type: "object", required: ["id"] }],
    });
    expect(conjunction.parts.map((part) => part.pointer)).toEqual(
      expect.arrayContaining(["", "/allOf/1", "/$defs/named"]),
    );
    expect([...requiredNames(conjunction)].sort()).toEqual(["id", "name"]);
  });

  it("intersects the types its parts allow, integer inside number", () => {
    const { conjunction } = of({ allOf: [{ type: ["number", "string"] }, { type: ["integer", "null"] }] });
    expect([...allowedTypes(conjunction)]).toEqual(["integer"]);
  });

  it("is never for `false`, and knows the finite values an enum and a const leave", () => {
    expect(of(false).conjunction.never).toBe(true);
    expect(finiteValues(of({ allOf: [{ enum: [1, 2, 3] }, { const: 2 }] }).conjunction)).toEqual([2]);
    expect(finiteValues(of({ type: "string" }).conjunction)).toBeUndefined();
  });

  it("names each property's constraints, its own or a matching pattern's, and the items by position", () => {
    const { side, conjunction } = of({
      type: "object",
      properties: { a: { type: "string" } },
      patternProperties: { "^x": { type: "number" } },
      prefixItems: [{ const: 1 }],
      items: { type: "boolean" },
    });
    expect([...namedProperties(conjunction)]).toEqual(["a"]);
    expect(propertyConstraints(conjunction, "a", "subset")).toEqual([
      { schema: { type: "string" }, pointer: "/properties/a" },
    ]);
    expect(propertyConstraints(conjunction, "xy", "superset")).toEqual([
      { schema: { type: "number" }, pointer: "/patternProperties/^x" },
    ]);
    expect(itemConstraints(conjunction, side, 0).map((item) => item.pointer)).toEqual(["/prefixItems/0"]);
    expect(itemConstraints(conjunction, side, "rest").map((item) => item.pointer)).toEqual(["/items"]);
  });

  it("splits anyOf into cases, and gives up past the bound", () => {
    const { side, conjunction } = of({ anyOf: [{ type: "string" }, { type: "number" }, { type: "null" }] });
    expect(casesOf(conjunction, side, 8)).toHaveLength(3);
    expect(casesOf(conjunction, side, 2)).toBeUndefined();
  });
});
