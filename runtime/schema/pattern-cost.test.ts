import { describe, expect, it } from "vitest";
import { patternCost } from "./pattern-cost.js";

describe("patternCost", () => {
  it("counts an instruction per atom, copies for a counted repetition (an optional copy twice), and multiplies nested ones", () => {
    expect(patternCost("abc")).toBe(3);
    expect(patternCost("^[a-z]+$")).toBe(4);
    expect(patternCost("a{1000}")).toBe(1000);
    expect(patternCost("[\\s\\S]{1000}")).toBe(1000);
    expect(patternCost("\\p{L}{1000}")).toBe(1000);
    expect(patternCost("[a-z]{1,1000}")).toBe(1 + 2 * 999);
    expect(patternCost("[a-z]{2,}")).toBe(2 + 2);
    // A group is one more than what it holds; its flags or name cost nothing.
    expect(patternCost("(?:abcdefghij){1000}")).toBe(11 * 1000);
    expect(patternCost("(?P<x>a{10}){10}")).toBe(110);
    expect(patternCost("(?:(?:a{10}){10}){10}")).toBe(1110);
    expect(patternCost("cat|dog")).toBe(7);
  });

  it("reads any text to its end: an escaped bracket in a class, a brace that is no count, a parenthesis never opened", () => {
    expect(patternCost("[\\]a]{10}")).toBe(10);
    expect(patternCost("a{x}")).toBe(4);
    expect(patternCost("a)b{100}")).toBe(1 + 1 + 100);
    // The group, "unclose", and five copies of "d".
    expect(patternCost("(unclosed{5}")).toBe(1 + 7 + 5);
  });
});
