import { newRequestId } from "../request-id.js";
import { createTokenSigner, type RequestSigningOptions } from "./hmac-token.js";

export type { RequestSigningOptions } from "./hmac-token.js";

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

const VERSION = 1;

/**
 * Signed request ids: the call's fields as the token's payload. Any instance holding a key
 * refuses a forged, altered or expired id before it reads the store, so an answer cannot be
 * aimed at a call by guessing an id or by editing a replayed request.
 */
export function createRequestSigner(options: RequestSigningOptions): RequestSigner {
  const tokens = createTokenSigner(options, "");
  return {
    sign: (fields) =>
      tokens.sign({
        v: VERSION,
        n: newRequestId(),
        c: fields.conversationId,
        o: fields.owner,
        t: fields.toolName,
        k: fields.toolCallId,
        a: fields.argsFingerprint,
        e: fields.finalDeadline,
      }),
    async verify(token, owner, now) {
      const fields = (await tokens.open(token)) as
        | { readonly v?: unknown; readonly o?: unknown; readonly e?: unknown }
        | undefined;
      return fields?.v === VERSION && fields.o === owner && typeof fields.e === "number" && now <= fields.e;
    },
  };
}
