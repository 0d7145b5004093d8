import { describe, expect, it } from "vitest";
import { textDigest } from "../digest.js";
import { piecesDigest } from "./pieces-digest.js";

/** Pieces of a generated file: each tool's text, tens of kilobytes, some with characters beyond ASCII. */
function pieces(count: number, edit?: { at: number; text: string }): string[] {
  return Array.from({ length: count }, (_, index) =>
    index === edit?.at ? edit.text : `// tool ${index} ${"é😀".repeat(index % 7)}\n${"x".repeat(20_000 + index)}\n`,
  );
}

describe("piecesDigest", () => {
  it("is the textDigest of the pieces' text, cold and from any earlier run's checkpoints", () => {
    const first = pieces(40);
    const cold = piecesDigest(first);
    expect(cold.digest).toBe(textDigest(first.join("")));
    expect(cold.checkpoints.length).toBeGreaterThan(5);
    for (const at of [0, 1, 17, 39]) {
      const edited = first.map((piece, index) => (index === at ? `${piece}/* edited */` : piece));
      const warm = piecesDigest(edited, cold);
      expect(warm.digest).toBe(textDigest(edited.join("")));
      expect(warm.digest).not.toBe(cold.digest);
      // Back to the first text, from the edited run's checkpoints.
      expect(piecesDigest(first, warm).digest).toBe(cold.digest);
    }
  });

  it("resumes from the checkpoint before the first piece that changed, reusing the ones before it", () => {
    const first = piecesDigest(pieces(40));
    const edited = piecesDigest(pieces(40, { at: 30, text: "changed\n" }), first);
    const kept = edited.checkpoints.filter((checkpoint) => first.checkpoints.includes(checkpoint));
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.every((checkpoint) => checkpoint.next <= 30)).toBe(true);
  });

  it("hashes pieces added, removed, and a pair split across two pieces as the text's", () => {
    const first = piecesDigest(pieces(20));
    const more = [...pieces(20), ...pieces(5)];
    expect(piecesDigest(more, first).digest).toBe(textDigest(more.join("")));
    const fewer = pieces(12);
    expect(piecesDigest(fewer, first).digest).toBe(textDigest(fewer.join("")));
    const split = [`${"a".repeat(70_000)}\ud83d`, "\ude00b"];
    expect(piecesDigest(split).digest).toBe(textDigest(split.join("")));
    expect(piecesDigest(split).digest).toBe(textDigest(`${"a".repeat(70_000)}😀b`));
  });
});
