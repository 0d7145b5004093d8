import { describe, expect, it } from "vitest";
import { textChunks } from "./text-chunks.js";

describe("textChunks", () => {
  it("gives the text back in pieces of the size asked, whose UTF-8 bytes are the text's", () => {
    const text = "ab😀c".repeat(7);
    for (const size of [1, 2, 3, 5, 1000]) {
      const pieces = [...textChunks(text, size)];
      expect(pieces.join("")).toBe(text);
      expect(Buffer.concat(pieces.map((piece) => Buffer.from(piece)))).toEqual(Buffer.from(text));
      expect(pieces.every((piece) => piece.length <= size + 1)).toBe(true);
    }
  });

  it("never cuts a surrogate pair, and gives nothing for empty text", () => {
    const pieces = [...textChunks("a😀😀", 2)];
    expect(pieces).toEqual(["a\ud83d\ude00", "😀"]);
    expect([...textChunks("")]).toEqual([]);
  });
});
