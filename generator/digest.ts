import { isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
import { textChunks } from "./text-chunks.js";

/**
 * sha256 (hex) of a text's UTF-8: from its bytes, its string, or the pieces it was built from (see PiecedText; a
 * text of megabytes is hashed a chunk at a time, never joined nor encoded whole).
 */
export function textDigest(text: string | Uint8Array | readonly string[]): string {
  const hash = createHash("sha256");
  if (typeof text === "string" || text instanceof Uint8Array) hash.update(text);
  else for (const chunk of textChunks(text)) hash.update(chunk);
  return hash.digest("hex");
}

/**
 * textDigest of the text that `bytes` decode to, hashed from the bytes themselves when they are valid UTF-8 (a
 * malformed sequence decodes to U+FFFD, whose UTF-8 the text's digest covers instead).
 */
export function decodedTextDigest(bytes: Uint8Array): string {
  return textDigest(isUtf8(bytes) ? bytes : Buffer.from(bytes).toString("utf8"));
}

/**
 * sha256 (hex) of named digests (a file's path and the textDigest of its text), whatever order they come in: sorted by
 * name, each name framed by its length, so that no two different sets of files give the same bytes to hash. Each
 * file's own digest can be kept from one run to the next: a run that changed one file hashes that file's text only.
 */
export function namedDigestsDigest(entries: Iterable<readonly [name: string, digest: string]>): string {
  const hash = createHash("sha256");
  for (const [name, digest] of [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    hash.update(`${name.length}:${name}\n${digest}\n`);
  return hash.digest("hex");
}

/** namedDigestsDigest of named texts, each given whole or in pieces. */
export function namedTextsDigest(
  entries: Iterable<readonly [name: string, text: string, pieces?: readonly string[] | undefined]>,
): string {
  return namedDigestsDigest([...entries].map(([name, text, pieces]) => [name, textDigest(pieces ?? text)] as const));
}
