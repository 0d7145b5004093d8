import { closeSync, fstatSync, openSync, readFileSync, type Stats } from "node:fs";
import { CHUNK_CHARS, textChunks } from "../text-chunks.js";

/** How many bytes the pieces' text takes as UTF-8. */
export function utf8Length(pieces: readonly string[]): number {
  let bytes = 0;
  let lastCode = 0;
  for (const piece of pieces) {
    if (piece === "") continue;
    bytes += Buffer.byteLength(piece);
    // A pair split across two pieces: counted as two replacement characters (3 bytes each), it takes 4.
    if (isSurrogate(lastCode, 0xd800) && isSurrogate(piece.charCodeAt(0), 0xdc00)) bytes -= 2;
    lastCode = piece.charCodeAt(piece.length - 1);
  }
  return bytes;
}

function isSurrogate(code: number, first: number): boolean {
  return code >= first && code <= first + 0x3ff;
}

/**
 * A file's size, and its bytes when it has `size` bytes (a file of another size cannot hold a text of that size, and is
 * not read) with its status as taken before they were read, or undefined when it cannot be read (it does not exist).
 */
export function readIfSized(
  file: string,
  size: number,
): { readonly size: number; readonly bytes?: Buffer; readonly status?: Stats } | undefined {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return undefined;
  }
  try {
    const status = fstatSync(fd);
    return status.size === size ? { size, bytes: readFileSync(fd), status } : { size: status.size };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
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
