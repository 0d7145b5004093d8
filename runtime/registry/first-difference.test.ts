import { describe, expect, it } from "vitest";
import type { JsonValue } from "../util/json.js";
import { findFirstDifference } from "./first-difference.js";

describe("findFirstDifference", () => {
  it("finds nothing between equal JSON, whatever the key order, and 1 equals 1.0", () => {
    const a = JSON.parse(
      '{"type":"object","properties":{"n":{"type":"number","maximum":1.0}},"required":["n"]}',
    ) as JsonValue;
    const b = JSON.parse(
      '{"required":["n"],"properties":{"n":{"maximum":1,"type":"number"}},"type":"object"}',
    ) as JsonValue;
    expect(findFirstDifference(a, b)).toBeUndefined();
  });

  it("names the pointer of a changed value with both values", () => {
    const a = { properties: { file_path: { type: "string" } } };
    const b = { properties: { file_path: { type: "number" } } };
    expect(findFirstDifference(a, b)).toEqual({
      pointer: "/properties/file_path/type",
      left: "string",
      right: "number",
    });
  });

  it("reports a key present on one side only as undefined on the other", () => {
    expect(findFirstDifference({ a: 1 }, { a: 1, b: { c: 2 } })).toEqual({
      pointer: "/b",
      left: undefined,
      right: { c: 2 },
    });
    expect(findFirstDifference({ a: 1, b: null }, { a: 1 })).toEqual({ pointer: "/b", left: null, right: undefined });
  });

  it("compares arrays by position, extra items included", () => {
    expect(findFirstDifference(["a", "b"], ["b", "a"])).toEqual({ pointer: "/0", left: "a", right: "b" });
    expect(findFirstDifference(["a"], ["a", "b"])).toEqual({ pointer: "/1", left: undefined, right: "b" });
  });

  it("treats an array and an object with index keys as different", () => {
    expect(findFirstDifference({ x: ["a"] }, { x: { 0: "a" } })).toEqual({
      pointer: "/x",
      left: ["a"],
      right: { 0: "a" },
    });
  });

  it("picks the first difference in canonical key order, and escapes the pointer", () => {
    const a = { "z/z": 1, "a~b": 1 };
    const b = { "z/z": 2, "a~b": 2 };
    expect(findFirstDifference(a, b)?.pointer).toBe("/a~0b");
    expect(findFirstDifference({ "z/z": 1 }, { "z/z": 2 })?.pointer).toBe("/z~1z");
  });

  it("only looks at own keys", () => {
    expect(findFirstDifference({}, { constructor: "x" })).toEqual({
      pointer: "/constructor",
      left: undefined,
      right: "x",
    });
  });

  it("prefixes the given base pointer", () => {
    expect(findFirstDifference({ a: 1 }, { a: 2 }, "/parameters")?.pointer).toBe("/parameters/a");
  });
});
