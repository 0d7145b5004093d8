import { describe, expect, it } from "vitest";
import { nonFiniteNumber, sizeAtMost, tooDeep, unfitValue, valueSize } from "./value-depth.js";

/** Objects (or arrays) nested `levels` deep below the root, which is one level itself: 0 is `{}`. */
function nested(levels: number, array = false): unknown {
  let value: unknown = array ? [] : {};
  for (let i = 0; i < levels; i++) value = array ? [1, value] : { a: 1, b: value };
  return value;
}

describe("tooDeep", () => {
  it("takes a value nested as deep as allowed, and refuses one level more, pointing at it", () => {
    expect(tooDeep(nested(2), 3)).toBeUndefined();
    expect(tooDeep(nested(3), 3)).toEqual({
      pointer: "/b/b/b",
      message: "nests deeper than 3 levels of objects and arrays",
    });
    expect(tooDeep(nested(2, true), 3)).toBeUndefined();
    expect(tooDeep(nested(3, true), 3)).toEqual({
      pointer: "/1/1/1",
      message: "nests deeper than 3 levels of objects and arrays",
    });
    expect(tooDeep({ a: [{ b: "x" }], c: null, d: 5 }, 3)).toBeUndefined();
  });

  it("takes scalars, and walks no further than the limit into a value nested far too deep for the stack", () => {
    for (const scalar of [null, 1, "x", true, undefined]) expect(tooDeep(scalar, 0)).toBeUndefined();
    expect(tooDeep({}, 0)).toMatchObject({ pointer: "" });
    expect(tooDeep(nested(200_000), 64)?.pointer).toBe("/b".repeat(64));
  });
});

describe("nonFiniteNumber and unfitValue", () => {
  it("find a number JSON cannot hold (1e400 parses to Infinity), wherever it is", () => {
    expect(nonFiniteNumber(JSON.parse('{"a":[1,{"n":1e400}]}'))).toEqual({
      pointer: "/a/1/n",
      message: "is a number JSON cannot hold (it overflows to Infinity): send a finite number",
    });
    expect(nonFiniteNumber(-Infinity)).toMatchObject({ pointer: "" });
    expect(nonFiniteNumber(NaN)).toMatchObject({ pointer: "" });
    expect(nonFiniteNumber({ a: [1e308, -1e308, 0, "Infinity"] })).toBeUndefined();
    expect(unfitValue({ n: Infinity }, 64)).toMatchObject({ pointer: "/n" });
    expect(unfitValue(nested(70), 64)?.message).toMatch(/nests deeper/);
  });

  it("unfitValue, one walk for a value that fits, says what the two walks say of every value: depth first", () => {
    const values: unknown[] = [NaN, 1, "x", null, {}, []];
    for (let levels = 0; levels <= 4; levels++)
      for (const array of [false, true])
        for (const bad of [undefined, Infinity, -Infinity, NaN]) {
          const value = nested(levels, array) as Record<string, unknown>;
          values.push(value);
          if (bad !== undefined) values.push(array ? [value, bad] : { ...value, z: bad }, { deep: value, n: [0, bad] });
        }
    let unfit = 0;
    for (const value of values)
      for (let maxDepth = 0; maxDepth <= 5; maxDepth++) {
        const expected = tooDeep(value, maxDepth) ?? nonFiniteNumber(value);
        if (expected !== undefined) unfit++;
        expect(unfitValue(value, maxDepth)).toEqual(expected);
      }
    // Both outcomes and both reasons are among the cases.
    expect(unfit).toBeGreaterThan(100);
    expect(unfit).toBeLessThan(values.length * 6);
    expect(unfitValue({ deep: nested(5), n: Infinity }, 3)?.message).toMatch(/nests deeper/);
  });
});

describe("sizeAtMost", () => {
  it("counts a unit for each node and each character of strings and keys, and stops once past the bound", () => {
    expect(sizeAtMost({ ab: "xyz" }, 7)).toBe(true);
    expect(sizeAtMost({ ab: "xyz" }, 6)).toBe(false);
    expect(sizeAtMost([1, [2, null]], 5)).toBe(true);
    expect(sizeAtMost([1, [2, null]], 4)).toBe(false);
    expect(
      sizeAtMost(
        Array.from({ length: 1_000_000 }, () => 1),
        10,
      ),
    ).toBe(false);
    expect(valueSize({ item: "x".repeat(60) })).toBe(1 + 4 + 1 + 60);
  });
});
