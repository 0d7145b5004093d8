const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const ID_BYTES = 16;

// One getRandomValues call costs about 2 µs; drawing 256 ids' worth at once makes an id cost
// a few dozen nanoseconds. The bytes are as random either way.
const pool = new Uint8Array(ID_BYTES * 256);
let offset = pool.length;

/**
 * A new request id: 128 bits from the platform CSPRNG (Web Crypto, in Node and browsers),
 * base64url without padding (22 characters), so it is unguessable and safe in a URL path.
 */
export function newRequestId(): string {
  if (offset === pool.length) {
    globalThis.crypto.getRandomValues(pool);
    offset = 0;
  }
  const id = encodeBase64Url16(pool, offset);
  offset += ID_BYTES;
  return id;
}

/** base64url of the 16 bytes at `start`: five 3-byte groups, then one byte as two characters. */
export function encodeBase64Url16(bytes: Uint8Array, start: number): string {
  let out = "";
  const last = start + 15;
  for (let i = start; i < last; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const n = bytes[last]!;
  return out + ALPHABET[n >> 2]! + ALPHABET[(n & 3) << 4]!;
}
