import { describe, expect, it } from "vitest";
import { firstDuplicate } from "./first-duplicate.js";

describe("firstDuplicate", () => {
  it("finds two equal items by JSON Schema's equality, whatever their key order, and tells types apart", () => {
    expect(
      firstDuplicate([
        { a: 1, b: [2] },
        { b: [2], a: 1 },
      ]),
    ).toEqual([1, 0]);
    expect(firstDuplicate([1, 1.0])).toEqual([1, 0]);
    expect(firstDuplicate([1, "1", [1], { "1": 1 }, null, true])).toBeUndefined();
    expect(firstDuplicate(["a", "b", "c", "b"])).toEqual([3, 1]);
    expect(firstDuplicate([])).toBeUndefined();
  });

  it("takes time linear in the array: 26,000 objects checked in one pass", () => {
    const items = Array.from({ length: 26_000 }, (_, i) => ({ a: i }));
    expect(firstDuplicate(items)).toBeUndefined();
    expect(firstDuplicate([...items, { a: 7 }])).toEqual([26_000, 7]);
  });
});
