/**
 * 1 M characters: Node encodes a string it hashes or writes into a buffer of up to 3 bytes per character, all at once.
 */
export const CHUNK_CHARS = 1 << 20;
/** The most UTF-8 bytes a chunk of textChunks' default size takes (3 per UTF-16 unit, a pair's 4 bytes included). */
export const CHUNK_BYTES = 3 * (CHUNK_CHARS + 1);

/**
 * A text kept as the pieces it was built from: `text` is their concatenation, a rope that V8
 * flattens into one string only when something reads it whole (a comparison, a regexp), while
 * hashing and writing go through `textChunks(pieces)`. specs.ts for thousands of tools is tens
 * of megabytes, and flattening it would cost as much again while the pieces are alive.
 */
export interface PiecedText {
  readonly text: string;
  readonly pieces: readonly string[];
}

export function piecedText(pieces: readonly string[]): PiecedText {
  let text = "";
  for (const piece of pieces) text += piece;
  return { text, pieces };
}

/**
 * The pieces' text in chunks of at most about `size` characters, never between the two halves of
 * a surrogate pair, within a piece or across two (each chunk is encoded as UTF-8 on its own), so
 * that hashing or writing a file of tens of megabytes encodes a megabyte at a time.
 */
export function* textChunks(pieces: readonly string[], size = CHUNK_CHARS): Generator<string> {
  let carry = "";
  for (const piece of pieces) {
    const text = carry + piece;
    carry = "";
    for (let start = 0; start < text.length; ) {
      let end = Math.min(text.length, start + size);
      if (isHighSurrogate(text.charCodeAt(end - 1))) {
        if (end < text.length) end++;
        else {
          // The pair's other half starts the next piece.
          carry = text.slice(end - 1);
          end--;
        }
      }
      if (end > start) yield text.slice(start, end);
      start = end + carry.length;
    }
  }
  if (carry !== "") yield carry;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
