import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { nativeSha256, sha256Hex } from "./sha256.js";
import { sha256HexPure } from "./sha256-pure.js";

// FIPS 180-4 / NIST example vectors.
const VECTORS: [string, string][] = [
  ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
  ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
  [
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
  ],
  [
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
    "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
  ],
  ["The quick brown fox jumps over the lazy dog", "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"],
  ["a".repeat(1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"],
];

const native = nativeSha256(globalThis);
const paths = { pure: sha256HexPure, native: native!, selected: sha256Hex };

describe("sha256", () => {
  it("finds Node's native hash here, and none on a host without process.getBuiltinModule", () => {
    expect(native).toBeTypeOf("function");
    expect(sha256Hex).not.toBe(sha256HexPure);
    expect(nativeSha256({})).toBeUndefined();
    expect(nativeSha256({ process: {} })).toBeUndefined();
    expect(nativeSha256({ process: { getBuiltinModule: () => undefined } })).toBeUndefined();
    expect(nativeSha256({ process: { getBuiltinModule: () => ({ createHash() {} }) } })).toBeUndefined();
    expect(
      nativeSha256({
        process: {
          getBuiltinModule: () => {
            throw new Error("no crypto in this build");
          },
        },
      }),
    ).toBeUndefined();
  });

  describe.each(Object.entries(paths))("%s path", (_, hash) => {
    it.each(VECTORS.map(([input, digest]) => [input.length, input, digest]))(
      "gives the NIST digest of a %i-character message",
      (_, input, digest) => {
        expect(hash(input)).toBe(digest);
        expect(hash(new TextEncoder().encode(input))).toBe(digest);
      },
    );
  });

  it("gives the same digest on both paths around every block boundary and for random data", () => {
    for (let length = 0; length <= 200; length++) {
      const bytes = randomBytes(length);
      expect(sha256HexPure(bytes)).toBe(native!(bytes));
    }
    const big = randomBytes(1_000_003);
    expect(sha256HexPure(big)).toBe(createHash("sha256").update(big).digest("hex"));
  });

  it("hashes strings as UTF-8 on both paths, a lone surrogate included", () => {
    for (const text of ["héllo wörld", "日本語", "emoji 😀", "lone \ud800 surrogate", "\u0000nul"]) {
      expect(sha256HexPure(text)).toBe(native!(text));
    }
  });
});
