/**
 * SHA-256 (FIPS 180-4) in plain JavaScript, synchronous, for hosts without Node's crypto.
 * Web Crypto's digest would do, but it is async, and fingerprints must be synchronous so
 * that `register` can be.
 */

// First 32 bits of the fractional parts of the cube roots of the first 64 primes.
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

// First 32 bits of the fractional parts of the square roots of the first 8 primes.
const INITIAL_STATE = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
] as const;

const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));
// Made at first use: importing the runtime touches no global (Node defines TextEncoder lazily).
let utf8: TextEncoder | undefined;

/** Lowercase hex SHA-256 of `data` (a string is hashed as its UTF-8 bytes). */
export function sha256HexPure(data: string | Uint8Array): string {
  const bytes = typeof data === "string" ? (utf8 ??= new TextEncoder()).encode(data) : data;
  const state = Int32Array.from(INITIAL_STATE);
  const words = new Int32Array(64);

  const fullBlocksEnd = bytes.length - (bytes.length % 64);
  for (let offset = 0; offset < fullBlocksEnd; offset += 64) compress(state, words, bytes, offset);

  // The tail: the last partial block, the 0x80 end marker, zeros, and the 64-bit bit length,
  // in one block or two. Only these at most 128 bytes are copied.
  const tailLength = bytes.length - fullBlocksEnd;
  const tail = new Uint8Array(tailLength < 56 ? 64 : 128);
  tail.set(bytes.subarray(fullBlocksEnd));
  tail[tailLength] = 0x80;
  const view = new DataView(tail.buffer);
  view.setUint32(tail.length - 8, Math.floor(bytes.length / 0x20000000));
  view.setUint32(tail.length - 4, (bytes.length << 3) >>> 0);
  for (let offset = 0; offset < tail.length; offset += 64) compress(state, words, tail, offset);

  let hex = "";
  for (let i = 0; i < 8; i++) {
    const word = state[i]!;
    hex +=
      HEX_BYTES[(word >>> 24) & 0xff]! +
      HEX_BYTES[(word >>> 16) & 0xff]! +
      HEX_BYTES[(word >>> 8) & 0xff]! +
      HEX_BYTES[word & 0xff]!;
  }
  return hex;
}

/** One 64-byte block into the state. Locals and `| 0` keep V8 on 32-bit integer arithmetic. */
function compress(state: Int32Array, w: Int32Array, bytes: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    w[i] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }

  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[i]! + w[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}
