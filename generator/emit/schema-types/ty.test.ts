import { describe, expect, it } from "vitest";
import { asPrimary, intersectionOf, NEVER, primary, UNKNOWN, unionOf } from "./ty.js";

const a = primary("A");
const b = primary("B");

describe("unionOf", () => {
  it("joins distinct members in order", () => {
    expect(unionOf([a, b, a]).text).toBe("A | B");
  });

  it("lists the members of nested unions once", () => {
    expect(unionOf([unionOf([a, b]), unionOf([b, primary("C")])]).text).toBe("A | B | C");
  });

  it("lets unknown absorb and never vanish", () => {
    expect(unionOf([a, UNKNOWN])).toBe(UNKNOWN);
    expect(unionOf([NEVER, a])).toBe(a);
    expect(unionOf([])).toBe(NEVER);
  });
});

describe("intersectionOf", () => {
  it("parenthesizes union members only", () => {
    expect(intersectionOf([unionOf([a, b]), primary("C")]).text).toBe("(A | B) & C");
    expect(intersectionOf([{ text: "readonly [1]", binding: "operator" }, a]).text).toBe("readonly [1] & A");
  });

  it("lets never absorb and unknown vanish", () => {
    expect(intersectionOf([a, NEVER])).toBe(NEVER);
    expect(intersectionOf([UNKNOWN, a, a])).toBe(a);
    expect(intersectionOf([])).toBe(UNKNOWN);
  });
});

describe("asPrimary", () => {
  it("parenthesizes anything but a primary type", () => {
    expect(asPrimary(a)).toBe("A");
    expect(asPrimary(unionOf([a, b]))).toBe("(A | B)");
    expect(asPrimary(intersectionOf([a, b]))).toBe("(A & B)");
    expect(asPrimary({ text: "readonly [1]", binding: "operator" })).toBe("(readonly [1])");
  });
});
