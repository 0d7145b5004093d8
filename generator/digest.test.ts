import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decodedTextDigest, namedDigestsDigest, namedTextsDigest, textDigest } from "./digest.js";

const sha256 = (data: string | Uint8Array): string => createHash("sha256").update(data).digest("hex");

describe("textDigest", () => {
  it("hashes a text of megabytes, a surrogate pair across a piece's end included, as its whole UTF-8 bytes", () => {
    const text = `${"a".repeat((1 << 20) - 1)}😀${"é".repeat(1 << 20)}`;
    const bytes = Buffer.from(text);
    expect(textDigest(text)).toBe(sha256(bytes));
    expect(textDigest(bytes)).toBe(sha256(bytes));
    expect(textDigest([text.slice(0, (1 << 20) - 1 + 1), text.slice((1 << 20) - 1 + 1)])).toBe(sha256(bytes));
  });

  it("gives a text given in pieces the digest of the text", () => {
    const pieces = ["a", "b\ud83d", "\ude00c", ""];
    expect(textDigest(pieces)).toBe(textDigest(pieces.join("")));
    expect(textDigest(pieces)).not.toBe(textDigest("ab😀d"));
  });
});

describe("decodedTextDigest", () => {
  it("is the textDigest of the text the bytes decode to, malformed UTF-8 included", () => {
    const valid = Buffer.from('{ "é": 1 }');
    expect(decodedTextDigest(valid)).toBe(textDigest(valid.toString("utf8")));
    const malformed = Buffer.from([0x7b, 0xff, 0xc3, 0x7d]);
    expect(decodedTextDigest(malformed)).toBe(textDigest(malformed.toString("utf8")));
    expect(decodedTextDigest(malformed)).not.toBe(sha256(malformed));
  });
});

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

  it("is the digest of each file's name and textDigest, so that a file's digest can be kept", () => {
    expect(namedTextsDigest([["a", "x"]])).toBe(namedDigestsDigest([["a", textDigest("x")]]));
    expect(namedTextsDigest([["a", "x"]])).toBe(sha256(`1:a\n${sha256("x")}\n`));
    expect(namedTextsDigest([["a", "x"]])).toMatch(/^[0-9a-f]{64}$/);
  });
});
