/** 1 M characters: Node encodes a string it hashes or writes into a buffer of up to 3 bytes per character, all at once. */
export const CHUNK_CHARS = 1 << 20;
/** The most UTF-8 bytes a piece of textChunks' default size takes (3 per UTF-16 unit, a pair's 4 bytes included). */
export const CHUNK_BYTES = 3 * (CHUNK_CHARS + 1);

/**
 * The text in pieces of about `size` characters, never between the two halves of a surrogate
 * pair (each piece is encoded as UTF-8 on its own), so that hashing or writing a file of tens
 * of megabytes encodes a megabyte at a time.
 */
export function* textChunks(text: string, size = CHUNK_CHARS): Generator<string> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + size);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
    yield text.slice(start, end);
    start = end;
  }
}
