import { createHash } from "node:crypto";
import { textChunks } from "./text-chunks.js";

/**
 * sha256 (hex) of named texts, whatever order they come in: sorted by name, and each name and
 * text framed by its length (in UTF-16 code units: no second pass over the text), so that no
 * two different sets of files give the same bytes to hash. A text given in `pieces` as well (see
 * PiecedText) is hashed from them.
 */
export function namedTextsDigest(
  entries: Iterable<readonly [name: string, text: string, pieces?: readonly string[] | undefined]>,
): string {
  const hash = createHash("sha256");
  for (const [name, text, pieces] of [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    hash.update(`${name.length}:${name}\n${text.length}:`);
    // A text of megabytes a chunk at a time (Node would encode all of it at once), from its pieces when it has them
    // (never joining them).
    for (const chunk of textChunks(pieces ?? [text])) hash.update(chunk);
    hash.update("\n");
  }
  return hash.digest("hex");
}
