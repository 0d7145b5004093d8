import { describe, expect, it } from "vitest";
import { namedTextsDigest } from "./digest.js";

describe("namedTextsDigest", () => {
  it("does not depend on the order the files come in", () => {
    expect(namedTextsDigest([["b", "2"], ["a", "1"]])).toBe(namedTextsDigest([["a", "1"], ["b", "2"]]));
  });

  it("tells apart sets that would concatenate to the same text", () => {
    const digests = [
      namedTextsDigest([["a", "bc"]]),
      namedTextsDigest([["ab", "c"]]),
      namedTextsDigest([["a", "b"], ["c", ""]]),
      namedTextsDigest([["a", "b\nc"]]),
      namedTextsDigest([]),
    ];
    expect(new Set(digests).size).toBe(digests.length);
  });

  it("is sha256 hex", () => {
    expect(namedTextsDigest([["a", "x"]])).toMatch(/^[0-9a-f]{64}$/);
  });
});
