import { newRequestId } from "./request-id.js";

/** Keys the instances share for signed request ids: the first signs, every one verifies (two at once while rotating). */
export interface RequestSigningOptions {
  /** Secrets of at least 32 bytes (a string is taken as UTF-8). */
  readonly keys: readonly (string | Uint8Array)[];
}

/** What a signed request id binds: what never changes for a call. */
export interface SignedCallFields {
  readonly conversationId: string;
  readonly owner: string;
  readonly toolName: string;
  readonly toolCallId: string;
  /** `argsFingerprint(args)`: sha256 of the arguments' canonical JSON. */
  readonly argsFingerprint: string;
  /** The last moment any attempt of the call may be answered (ms since the epoch). */
  readonly finalDeadline: number;
}

export interface RequestSigner {
  /** A new request id for the call: its fields and a random nonce, with an HMAC-SHA256 over them. */
  sign(fields: SignedCallFields): Promise<string>;
  /** Whether `token` is one this deployment signed, for this owner, and not past its final deadline. */
  verify(token: string, owner: string, now: number): Promise<boolean>;
}

const MIN_KEY_BYTES = 32;
/** Longer than any token this signer makes for fields within the registry's limits: refused unread. */
const MAX_TOKEN_CHARS = 8_192;
const VERSION = 1;

/**
 * Signed request ids: `<payload>.<signature>`, both base64url, the payload the call's fields as
 * JSON. Any instance holding a key refuses a forged, altered or expired id before it reads the
 * store, so an answer cannot be aimed at a call by guessing an id or by editing a replayed
 * request. Web Crypto only, so it runs wherever the broker does.
 */
export function createRequestSigner(options: RequestSigningOptions): RequestSigner {
  if (options.keys.length === 0) throw new TypeError("Request signing needs at least one key.");
  const encoder = new TextEncoder();
  const keys = options.keys.map((key, i) => {
    const bytes = typeof key === "string" ? encoder.encode(key) : key;
    if (bytes.byteLength < MIN_KEY_BYTES) throw new TypeError(`Request signing key ${i + 1} has ${bytes.byteLength} bytes; use at least ${MIN_KEY_BYTES} random bytes.`);
    return globalThis.crypto.subtle.importKey("raw", bytes as Uint8Array<ArrayBuffer>, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  });

  return {
    async sign(fields) {
      const payload = base64UrlEncode(
        encoder.encode(
          JSON.stringify({ v: VERSION, n: newRequestId(), c: fields.conversationId, o: fields.owner, t: fields.toolName, k: fields.toolCallId, a: fields.argsFingerprint, e: fields.finalDeadline }),
        ),
      );
      const signature = await globalThis.crypto.subtle.sign("HMAC", await keys[0]!, encoder.encode(payload));
      return `${payload}.${base64UrlEncode(new Uint8Array(signature))}`;
    },

    async verify(token, owner, now) {
      if (typeof token !== "string" || token.length > MAX_TOKEN_CHARS) return false;
      const dot = token.indexOf(".");
      if (dot <= 0 || dot !== token.lastIndexOf(".")) return false;
      const payload = token.slice(0, dot);
      const signature = base64UrlDecode(token.slice(dot + 1));
      if (signature === undefined) return false;
      let signed = false;
      for (const key of keys) {
        if (await globalThis.crypto.subtle.verify("HMAC", await key, signature as Uint8Array<ArrayBuffer>, encoder.encode(payload))) {
          signed = true;
          break;
        }
      }
      if (!signed) return false;
      // Signed by us, so well-formed: only the owner and the deadline are left to check.
      const fields = JSON.parse(new TextDecoder().decode(base64UrlDecode(payload))) as { readonly o: unknown; readonly e: unknown };
      return fields.o === owner && typeof fields.e === "number" && now <= fields.e;
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
