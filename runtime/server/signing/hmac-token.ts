import { MAX_ID_CHARS } from "../../util/quoted.js";

/** Keys the instances share for signed tokens: the first signs, every one verifies (two at once while rotating). */
export interface RequestSigningOptions {
  /** Secrets of at least 32 bytes (a string is taken as UTF-8). */
  readonly keys: readonly (string | Uint8Array)[];
}

/**
 * Tokens `<payload>.<signature>`, both base64url: the payload is JSON, the signature an
 * HMAC-SHA256 over the payload, with the token's purpose before it, so that a token made for
 * one purpose never verifies for another. Web Crypto only, so it runs wherever the broker does.
 */
export interface TokenSigner {
  sign(fields: object): Promise<string>;
  /** The payload of a token this deployment signed for this purpose; undefined for anything else. */
  open(token: unknown): Promise<unknown>;
}

const MIN_KEY_BYTES = 32;

/** `purpose` is prefixed to what is signed; `""` signs the payload alone. */
export function createTokenSigner(options: RequestSigningOptions, purpose: string): TokenSigner {
  if (options.keys.length === 0) throw new TypeError("Request signing needs at least one key.");
  const encoder = new TextEncoder();
  const keys = options.keys.map((key, i) => {
    const bytes = typeof key === "string" ? encoder.encode(key) : key;
    if (bytes.byteLength < MIN_KEY_BYTES)
      throw new TypeError(
        `Request signing key ${i + 1} has ${bytes.byteLength} bytes; use at least ${MIN_KEY_BYTES} random bytes.`,
      );
    return globalThis.crypto.subtle.importKey(
      "raw",
      bytes as Uint8Array<ArrayBuffer>,
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
  });
  const signed = (payload: string) => encoder.encode(purpose === "" ? payload : `${purpose}.${payload}`);

  return {
    async sign(fields) {
      const payload = base64UrlEncode(encoder.encode(JSON.stringify(fields)));
      const signature = await globalThis.crypto.subtle.sign("HMAC", await keys[0]!, signed(payload));
      return `${payload}.${base64UrlEncode(new Uint8Array(signature))}`;
    },

    async open(token) {
      if (typeof token !== "string" || token.length > MAX_ID_CHARS) return undefined;
      const dot = token.indexOf(".");
      if (dot <= 0 || dot !== token.lastIndexOf(".")) return undefined;
      const payload = token.slice(0, dot);
      const signature = base64UrlDecode(token.slice(dot + 1));
      if (signature === undefined) return undefined;
      for (const key of keys) {
        if (
          await globalThis.crypto.subtle.verify(
            "HMAC",
            await key,
            signature as Uint8Array<ArrayBuffer>,
            signed(payload),
          )
        ) {
          // Signed by us, so our own JSON.
          return JSON.parse(new TextDecoder().decode(base64UrlDecode(payload))) as unknown;
        }
      }
      return undefined;
    },
  };
}

function base64UrlEncode(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function base64UrlDecode(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
