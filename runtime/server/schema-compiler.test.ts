import { describe, expect, it } from "vitest";
import type { JsonObject } from "../schema/json.js";
import { createSchemaCompiler } from "./schema-compiler.js";

const schema = (i: number): JsonObject => ({ type: "object", properties: { [`f${i}`]: { type: "string" } }, required: [`f${i}`] });

describe("createSchemaCompiler", () => {
  it("compiles a schema once, for every conversation that uses it", async () => {
    const compiler = createSchemaCompiler();
    const s = schema(1);
    expect(await compiler.compile(s, undefined, "a")).toBe(await compiler.compile(schema(1), undefined, "b"));
  });

  it("frees a schema once no conversation uses it, and compiles it again when one does", async () => {
    const compiler = createSchemaCompiler();
    const first = await compiler.compile(schema(1), undefined, "a");
    await compiler.compile(schema(1), undefined, "b");
    compiler.release("a");
    expect(await compiler.compile(schema(1), undefined, "b")).toBe(first);
    compiler.release("b");
    const again = await compiler.compile(schema(1), undefined, "c");
    expect(again).not.toBe(first);
    expect(again({ f1: "x" })).toBe(true);
  });

  it("keeps at most its bound, the least recently used going first", async () => {
    const compiler = createSchemaCompiler(2);
    const one = await compiler.compile(schema(1), undefined, "a");
    const two = await compiler.compile(schema(2), undefined, "a");
    expect(await compiler.compile(schema(1), undefined, "a")).toBe(one);
    await compiler.compile(schema(3), undefined, "a");
    expect(await compiler.compile(schema(1), undefined, "a")).toBe(one);
    expect(await compiler.compile(schema(2), undefined, "a")).not.toBe(two);
  });
});
