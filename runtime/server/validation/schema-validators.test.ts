import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../util/json.js";
import { createSchemaValidators } from "./schema-validators.js";

const schema = (i: number): JsonObject => ({
  type: "object",
  properties: { [`f${i}`]: { type: "string" } },
  required: [`f${i}`],
});

describe("createSchemaValidators", () => {
  it("validates against a client's schema, with the problems' pointers", async () => {
    const validators = createSchemaValidators();
    expect(await validators.validate(schema(1), undefined, "a", { f1: "x" })).toBeUndefined();
    expect(await validators.validate(schema(1), undefined, "a", { f1: 3 })).toEqual([
      { pointer: "/f1", message: "must be string" },
    ]);
    validators.clear();
  });

  it("rejects with ajv's reason for a schema it cannot compile, at prepare and at validate", async () => {
    const validators = createSchemaValidators();
    await expect(validators.prepare({ type: "numbr" } as JsonObject, undefined, "a")).rejects.toThrow(
      /type must be JSONType/,
    );
    await expect(validators.validate({ type: "numbr" } as JsonObject, undefined, "a", 1)).rejects.toThrow(
      /type must be JSONType/,
    );
    validators.clear();
  });

  it("frees a schema once no conversation uses it, and compiles it again when one does", async () => {
    const validators = createSchemaValidators({ maxEntries: 10 });
    await validators.prepare(schema(1), "fp1", "a");
    await validators.prepare(schema(1), "fp1", "b");
    validators.release("a");
    validators.release("b");
    // Compiled again under the same key after it was freed: still checks.
    expect(await validators.validate(schema(1), "fp1", "c", {})).toEqual([
      { pointer: "/f1", message: "must have required property 'f1'" },
    ]);
    validators.clear();
  });

  it("keeps at most its bound, the least recently used going first, and still checks with one it let go", async () => {
    const validators = createSchemaValidators({ maxEntries: 2 });
    for (const i of [1, 2, 1, 3, 2])
      expect(await validators.validate(schema(i), `fp${i}`, "a", { [`f${i}`]: "x" })).toBeUndefined();
    expect(await validators.validate(schema(1), "fp1", "a", { f1: 1 })).toEqual([
      { pointer: "/f1", message: "must be string" },
    ]);
    validators.clear();
  });
});

describe("uniqueItems in a client's schema", () => {
  it("is checked in time linear in the array, with ajv's own error", async () => {
    const validators = createSchemaValidators();
    const schema: JsonObject = { type: "array", uniqueItems: true };
    const items = Array.from({ length: 26_000 }, (_, i) => ({ a: i, b: [i] }));
    expect(await validators.validate(schema, undefined, "c", items)).toBeUndefined();
    expect(await validators.validate(schema, undefined, "c", [...items, { b: [3], a: 3 }])).toEqual([
      { pointer: "", message: "must NOT have duplicate items (items ## 3 and 26000 are identical)" },
    ]);
    expect(await validators.validate({ type: "array", uniqueItems: false }, undefined, "c", [1, 1])).toBeUndefined();
    validators.clear();
  });
});
