import type { ClientToolApprovalRequest } from "../approval-request.js";
import { createTokenSigner, type RequestSigningOptions } from "./hmac-token.js";

/**
 * An approval decision signed with the keys the instances share: what an instance where a person
 * decided hands to the instance whose `approve` hook waits (through your own channel, or through
 * the client, which holds it in its history), returned by that hook as it is. It binds the call
 * (conversation, owner, tool, toolCallId, arguments' fingerprint), the decision (approved or
 * refused, with the reason) and who decided, until a deadline: a refusal cannot be replayed as an
 * approval, nor a decision for one call used for another.
 */
export interface SignedClientToolDecision {
  readonly signed: string;
}

/** A signed decision's token is a few hundred bytes; more is no token of ours. */
const MAX_TOKEN_LENGTH = 4096;

/**
 * A signed decision, from what a client sent back (a request body, a message, a resume value):
 * an object with the token alone, else undefined (answer the client 403). The broker verifies the
 * token itself when the `approve` hook returns it.
 */
export function signedDecisionOf(value: unknown): SignedClientToolDecision | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  const { signed } = value as { signed?: unknown };
  return keys.length === 1 && typeof signed === "string" && signed.length <= MAX_TOKEN_LENGTH ? { signed } : undefined;
}

/** What a person decided, and who. */
export type ClientToolDecisionInput =
  | { readonly approved: true; readonly decidedBy: string }
  | { readonly approved: false; readonly decidedBy: string; readonly reason: string };

export interface DecisionSigner {
  sign(
    call: ClientToolApprovalRequest,
    decision: ClientToolDecisionInput,
    expiresAt: number,
  ): Promise<SignedClientToolDecision>;
  /** The decision, when the token is one of ours, for this very call, and not past its deadline; else undefined. */
  open(token: unknown, call: ClientToolApprovalRequest, now: number): Promise<ClientToolDecisionInput | undefined>;
}

const VERSION = 1;
/** Signed after this prefix, so no request id (nor any other token of ours) ever passes for a decision. */
const PURPOSE = "gen-client-tools approval decision";

interface DecisionPayload {
  readonly v: number;
  readonly c: string;
  readonly o: string;
  readonly t: string;
  readonly k: string;
  readonly a: string;
  readonly ok: boolean;
  readonly by: string;
  readonly r?: string;
  readonly e: number;
}

export function createDecisionSigner(options: RequestSigningOptions): DecisionSigner {
  const tokens = createTokenSigner(options, PURPOSE);
  return {
    async sign(call, decision, expiresAt) {
      const payload: DecisionPayload = {
        v: VERSION,
        c: call.conversationId,
        o: call.owner,
        t: call.toolName,
        k: call.toolCallId,
        a: call.argsFingerprint,
        ok: decision.approved,
        by: decision.decidedBy,
        ...(!decision.approved && { r: decision.reason }),
        e: expiresAt,
      };
      return { signed: await tokens.sign(payload) };
    },

    async open(token, call, now) {
      const payload = (await tokens.open(token)) as DecisionPayload | undefined;
      if (payload?.v !== VERSION || now > payload.e) return undefined;
      const forThisCall =
        payload.c === call.conversationId &&
        payload.o === call.owner &&
        payload.t === call.toolName &&
        payload.k === call.toolCallId &&
        payload.a === call.argsFingerprint;
      if (!forThisCall) return undefined;
      return payload.ok
        ? { approved: true, decidedBy: payload.by }
        : { approved: false, decidedBy: payload.by, reason: payload.r ?? "The call was not approved." };
    },
  };
}
