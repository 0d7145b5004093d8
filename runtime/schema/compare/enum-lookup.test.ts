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
    expect(comparison.newInOld).toMatchObject({ pointer: "/properties/k" });
  });
});
