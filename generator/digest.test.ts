import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { namedTextsDigest } from "./digest.js";

describe("namedTextsDigest", () => {
  it("does not depend on the order the files come in", () => {
    expect(
      namedTextsDigest([
        ["b", "2"],
        ["a", "1"],
      ]),
    ).toBe(
      namedTextsDigest([
        ["a", "1"],
        ["b", "2"],
      ]),
    );
  });

  it("tells apart sets that would concatenate to the same text", () => {
    const digests = [
      namedTextsDigest([["a", "bc"]]),
      namedTextsDigest([["ab", "c"]]),
      namedTextsDigest([
        ["a", "b"],
        ["c", ""],
      ]),
      namedTextsDigest([["a", "b\nc"]]),
      namedTextsDigest([]),
    ];
    expect(new Set(digests).size).toBe(digests.length);
  });

  it("hashes a text of megabytes, a surrogate pair across a piece's end included, as its whole UTF-8 bytes", () => {
    const text = `${"a".repeat((1 << 20) - 1)}😀${"é".repeat(1 << 20)}`;
    const whole = createHash("sha256")
      .update(`1:a\n${text.length}:`)
      .update(Buffer.from(text))
      .update("\n")
      .digest("hex");
    expect(namedTextsDigest([["a", text]])).toBe(whole);
  });

  it("gives a text given in pieces the digest of the text", () => {
    const pieces = ["a", "b\ud83d", "\ude00c", ""];
    expect(namedTextsDigest([["f", pieces.join(""), pieces]])).toBe(namedTextsDigest([["f", pieces.join("")]]));
    expect(namedTextsDigest([["f", pieces.join(""), pieces]])).not.toBe(namedTextsDigest([["f", "ab😀d"]]));
  });

  it("is sha256 hex", () => {
    expect(namedTextsDigest([["a", "x"]])).toMatch(/^[0-9a-f]{64}$/);
  });
});
