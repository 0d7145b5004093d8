import { ClientAnswerMalformedError, ClientAnswerTooLargeError } from "../../wire/errors.js";
import { concatBytes, parseJsonBytes } from "../../wire/wire-json.js";

/**
 * The request's JSON body, read no further than `maxBytes`: a declared `Content-Length`
 * over the limit is refused before a byte is read, and a body without one (chunked) is
 * cancelled as soon as it passes the limit. 413 as `ClientAnswerTooLargeError`, 400 as
 * `ClientAnswerMalformedError` (empty, not UTF-8, not JSON). `onBytes` hears of each chunk as it
 * arrives; what it throws cancels the read.
 */
export async function readJsonBody(
  request: Request,
  maxBytes: number,
  onBytes: (bytes: number) => void = () => {},
): Promise<unknown> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw new ClientAnswerTooLargeError(maxBytes);
  if (request.body === null) throw new ClientAnswerMalformedError("A client tool answer needs a JSON body.");
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new ClientAnswerTooLargeError(maxBytes);
    }
    try {
      onBytes(value.byteLength);
    } catch (error) {
      await reader.cancel();
      throw error;
    }
    chunks.push(value);
  }
  if (total === 0) throw new ClientAnswerMalformedError("A client tool answer needs a JSON body.");
  return parseJsonBytes(concatBytes(chunks));
}
