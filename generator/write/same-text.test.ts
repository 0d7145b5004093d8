import { describe, expect, it } from "vitest";
import { CHUNK_CHARS } from "../text-chunks.js";
import { holdsText, utf8Length } from "./same-text.js";

describe("holdsText", () => {
  it("is true exactly when the bytes are the UTF-8 of the pieces joined", () => {
    const pieces = ["ab😀", "\ud83d", "\ude00 é", "", "z"];
    const text = pieces.join("");
    expect(holdsText(Buffer.from(text), pieces)).toBe(true);
    expect(holdsText(Buffer.from(text), [text])).toBe(true);
    expect(holdsText(Buffer.from(`${text}\n`), pieces)).toBe(false);
    expect(holdsText(Buffer.from(text.slice(0, -1)), pieces)).toBe(false);
    expect(holdsText(Buffer.from(text.replace("é", "e")), pieces)).toBe(false);
    // A byte-order mark is a difference, as it is to a reader of the text.
    expect(holdsText(Buffer.from(`\ufeff${text}`), pieces)).toBe(false);
    expect(holdsText(Buffer.alloc(0), [])).toBe(true);
    expect(holdsText(Buffer.alloc(0), [""])).toBe(true);
    expect(holdsText(Buffer.from("a"), [])).toBe(false);
  });

  it("compares a text of several chunks, a difference in its last one included", () => {
    const piece = "é😀x".repeat(CHUNK_CHARS / 4);
    const pieces = [piece, piece, "tail"];
    const bytes = Buffer.from(pieces.join(""));
    expect(holdsText(bytes, pieces)).toBe(true);
    const changed = Buffer.from(bytes);
    changed[changed.length - 2] = "X".charCodeAt(0);
    expect(holdsText(changed, pieces)).toBe(false);
    changed[changed.length - 2] = "i".charCodeAt(0);
    expect(holdsText(changed, pieces)).toBe(true);
  });
});

describe("utf8Length", () => {
  it("counts the bytes of the pieces joined, a pair split across two pieces and a lone half included", () => {
    for (const pieces of [["ab😀", "\ud83d", "\ude00 é", "", "z"], ["\ud83d", "", "\ude00"], ["\ude00", "\ud83d"], []])
      expect(utf8Length(pieces)).toBe(Buffer.byteLength(pieces.join("")));
  });
});
