import { readFileSync } from "node:fs";
import { CHUNK_CHARS, textChunks } from "../text-chunks.js";

/** A file's bytes, or undefined when it cannot be read (it does not exist). */
export function readBytesIfExists(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Whether `bytes` are the UTF-8 of the pieces' text. Each chunk is encoded into one scratch buffer and compared where
 * it falls: a file of megabytes is never decoded into a string (which costs several times the encoding) nor the pieces
 * joined.
 */
export function holdsText(bytes: Buffer, pieces: readonly string[]): boolean {
  let chars = 0;
  for (const piece of pieces) chars += piece.length;
  // A chunk takes at most 3 bytes a character (a surrogate pair's 4 bytes included), plus a pair's half carried over.
  const scratch = Buffer.allocUnsafe(3 * (Math.min(chars, CHUNK_CHARS) + 1));
  let at = 0;
  for (const chunk of textChunks(pieces)) {
    const length = scratch.write(chunk, 0);
    if (at + length > bytes.length || scratch.compare(bytes, at, at + length, 0, length) !== 0) return false;
    at += length;
  }
  return at === bytes.length;
}
