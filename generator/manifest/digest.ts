import { createHash } from "node:crypto";
import { CHUNK_CHARS, textChunks } from "../text-chunks.js";

/**
 * sha256 (hex) of named texts, whatever order they come in: sorted by name, and each name and
 * text framed by its length (in UTF-16 code units: no second pass over the text), so that no
 * two different sets of files give the same bytes to hash.
 */
export function namedTextsDigest(entries: Iterable<readonly [name: string, text: string]>): string {
  const hash = createHash("sha256");
  for (const [name, text] of [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    hash.update(`${name.length}:${name}\n${text.length}:`);
    // A text of megabytes a piece at a time: Node would encode all of it at once.
    if (text.length <= CHUNK_CHARS) hash.update(text);
    else for (const chunk of textChunks(text)) hash.update(chunk);
    hash.update("\n");
  }
  return hash.digest("hex");
}
