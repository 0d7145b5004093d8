import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { JsonSchema, JsonValue } from "../../util/json.js";
import { compareSchemas } from "./compare-schemas.js";
import { enumLookup, valuesListedIn } from "./enum-lookup.js";

const words = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);

describe("an enum looked up in a set", () => {
  it("accepts exactly what ajv accepts, types and annotations beside it", () => {
    const schemas: JsonSchema[] = [
      { enum: [...words(20), 1, 2.5, null, true], description: "d" },
      { type: "integer", enum: [...words(20), 1, 2.5] },
      { type: ["string", "null"], enum: [...words(20), null, false] },
    ];
    const values: JsonValue[] = ["v3", "v99", 1, 1.0, 2.5, "1", null, true, false, [], {}, 0];
    for (const schema of schemas) {
      const lookup = enumLookup(schema)!;
      const validate = new Ajv2020({ strict: false }).compile(schema as object);
      expect(values.map((value) => lookup(value))).toEqual(values.map((value) => validate(value)));
    }
  });

  it("checks rules on single values beside the enum with a validator of their own", () => {
    const ajv = new Ajv2020({ strict: false });
    const compileRules = (rules: object) => {
      const validate = ajv.compile(rules);
      return (value: JsonValue) => validate(value) === true;
    };
    const schemas: JsonSchema[] = [
      { type: "string", maxLength: 2, enum: words(20), description: "d" },
      { enum: [...words(20), 3, 4, 4.5], minimum: 4, multipleOf: 0.5 },
      { type: "string", pattern: "^v1", enum: words(20) },
    ];
    const values: JsonValue[] = ["v3", "v12", "v99", 3, 4, 4.5, 5, null];
    for (const schema of schemas) {
      const lookup = enumLookup(schema, compileRules)!;
      const validate = ajv.compile(schema as object);
      expect(values.map((value) => lookup(value))).toEqual(values.map((value) => validate(value)));
    }
    expect(enumLookup({ enum: words(20), items: {} }, compileRules)).toBeUndefined();
  });

  it("is left to ajv for a short enum, one of objects, or one beside another rule", () => {
    expect(enumLookup({ enum: words(5) })).toBeUndefined();
    expect(enumLookup({ enum: [...words(20), { a: 1 }] })).toBeUndefined();
    expect(enumLookup({ enum: words(20), minLength: 2 })).toBeUndefined();
  });

  it("intersects two lists of plain values, and of objects, as JSON equality has it", () => {
    expect(valuesListedIn(["a", 1, null, "b"], [1.0, "b", null])).toEqual([1, null, "b"]);
    expect(valuesListedIn([{ a: 1 }, "x"], [{ a: 1 }])).toEqual([{ a: 1 }]);
  });

  it("lets compareSchemas compare enums of 100,000 values in linear time", () => {
    const values = words(100_000);
    const before = { type: "object", properties: { k: { enum: values } } };
    const after = { type: "object", properties: { k: { type: "string", enum: [...values, "extra"] } } };
    const comparison = compareSchemas(before, after);
    expect(comparison.oldInNew).toEqual({ holds: true });
    expect(comparison.newInOld).toMatchObject({ holds: false, witness: { k: "extra" } });
  });

  it("compares long enums beside other rules in linear time", () => {
    const values = words(100_000);
    const before = { type: "string", maxLength: 8, enum: values };
    const after = { type: "string", maxLength: 8, enum: values.slice(1) };
    const comparison = compareSchemas(before, after);
    expect(comparison.oldInNew).toMatchObject({ holds: false, witness: "v0" });
    expect(comparison.newInOld).toEqual({ holds: true });
  });
});
