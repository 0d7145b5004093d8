import { describe, expect, it } from "vitest";
import { piecedText, textChunks } from "./text-chunks.js";

const utf8 = (chunks: Iterable<string>): Buffer => Buffer.concat([...chunks].map((chunk) => Buffer.from(chunk)));

describe("textChunks", () => {
  it("gives the text back in chunks of the size asked, whose UTF-8 bytes are the text's", () => {
    const text = "ab😀c".repeat(7);
    for (const size of [1, 2, 3, 5, 1000]) {
      const chunks = [...textChunks([text], size)];
      expect(chunks.join("")).toBe(text);
      expect(utf8(chunks)).toEqual(Buffer.from(text));
      expect(chunks.every((chunk) => chunk.length <= size + 1)).toBe(true);
    }
  });

  it("never cuts a surrogate pair, within a piece or across two, and gives nothing for no text", () => {
    expect([...textChunks(["a😀😀"], 2)]).toEqual(["a\ud83d\ude00", "😀"]);
    // A piece that ends with a pair's first half: the half waits for the next piece.
    const pieces = ["x\ud83d", "\ude00y", "\ud83d", "\ude00"];
    const chunks = [...textChunks(pieces, 10)];
    expect(chunks).toEqual(["x", "\ud83d\ude00y", "\ud83d\ude00"]);
    expect(utf8(chunks).toString()).toBe("x😀y😀");
    expect([...textChunks([""])]).toEqual([]);
    expect([...textChunks([])]).toEqual([]);
  });

  it("keeps a lone first half at the very end as it is", () => {
    expect([...textChunks(["a", "\ud83d"])]).toEqual(["a", "\ud83d"]);
  });
});

describe("piecedText", () => {
  it("is the concatenation of its pieces, and keeps them", () => {
    const pieces = ["a", "", "bc", "😀"];
    expect(piecedText(pieces)).toEqual({ text: "abc😀", pieces });
  });
});
