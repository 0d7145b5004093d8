// What arrives on the wire (bytes, text) turned into JSON values.
import { ClientAnswerMalformedError } from "./errors.js";

/** One byte array from many (a streamed body, a fragmented WebSocket message). */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((n, chunk) => n + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

// `fatal`: a body that is not UTF-8 is refused, not silently patched with U+FFFD.
// Made at first use: importing the runtime touches no global (Node defines TextDecoder lazily).
let utf8: TextDecoder | undefined;

/** The text in UTF-8 bytes; `ClientAnswerMalformedError` (400) when they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return (utf8 ??= new TextDecoder("utf-8", { fatal: true })).decode(bytes);
  } catch {
    throw new ClientAnswerMalformedError("A client tool answer must be UTF-8 text.");
  }
}

/** The JSON value in UTF-8 bytes; `ClientAnswerMalformedError` (400) when they are not that. */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  const text = decodeUtf8(bytes);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ClientAnswerMalformedError("A client tool answer must be JSON.");
  }
}

/** The JSON value in text from a peer, or `undefined` when the text is not JSON (the caller ignores or refuses it). */
export function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
