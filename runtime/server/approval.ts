import { canonicalJson } from "../fingerprint/canonical-json.js";
import { sha256Hex } from "../fingerprint/sha256.js";
import type { ClientToolApprovalRequest } from "./approval-request.js";
import type { SignedClientToolDecision } from "./signing/signed-decision.js";

declare const madeOnTheServer: unique symbol;

/**
 * A yes for exactly one call: this tool, this `toolCallId`, these arguments, made on the server
 * by `approveClientToolCall` and by nothing else. The broker compares all three with the call it
 * is about to send, so an approval kept somewhere (a human's click, a cached decision) and handed
 * back for another call, or for the same call with other arguments, refuses that call. An object
 * of the same shape that `approveClientToolCall` did not make (what a client posted, say) refuses
 * it too: a decision that travels through a client is accepted only signed (`broker.signDecision`).
 */
export interface ClientToolApproval {
  readonly approved: true;
  readonly toolName: string;
  readonly toolCallId: string;
  readonly argsFingerprint: string;
  /** Only `approveClientToolCall` makes one: no object literal, and no parsed JSON, is an approval. */
  readonly [madeOnTheServer]: true;
}

/** A no. The reason is shown to the model, so it should say what the model can do instead. */
export interface ClientToolRefusal {
  readonly approved: false;
  readonly reason: string;
}

export type ClientToolApprovalDecision = ClientToolApproval | ClientToolRefusal;

/**
 * Decides, before the client is asked, whether a call may go ahead (sync or async): an approval
 * this process made (`approveClientToolCall`), a refusal, or a decision signed where it was made
 * (`broker.signDecision`, on any instance sharing the broker's `signing` keys), which the broker
 * verifies. What the hook returns is the server's decision: never return a client's data as an
 * approval (it is refused); a token a client carried back goes through `signedDecisionOf` first.
 */
export type ClientToolApprover = (
  call: ClientToolApprovalRequest,
) =>
  | ClientToolApprovalDecision
  | SignedClientToolDecision
  | Promise<ClientToolApprovalDecision | SignedClientToolDecision>;

/**
 * The fingerprint of a call's arguments: key order does not change it, any value does.
 * Throws a TypeError for arguments JSON cannot hold (a model's arguments always can).
 */
export function argsFingerprint(args: object): string {
  return sha256Hex(canonicalJson(args));
}

/** The approvals `approveClientToolCall` made, and no other object. */
const madeHere = new WeakSet<object>();

/** Approves this call, and only this one. */
export function approveClientToolCall(call: {
  readonly toolName: string;
  readonly toolCallId: string;
  readonly args: object;
}): ClientToolApproval {
  const approval = Object.freeze({
    approved: true,
    toolName: call.toolName,
    toolCallId: call.toolCallId,
    argsFingerprint: argsFingerprint(call.args),
  }) as ClientToolApproval;
  madeHere.add(approval);
  return approval;
}

/**
 * The reason to deny the call, or `undefined` when the decision approves this very call.
 * Anything but a well-formed decision (a hook bug) denies: approval fails closed.
 */
export function refusalReason(decision: unknown, call: ClientToolApprovalRequest): string | undefined {
  if (typeof decision !== "object" || decision === null || !("approved" in decision))
    return "The call could not be approved.";
  if (decision.approved === false) {
    const reason = (decision as { reason?: unknown }).reason;
    return typeof reason === "string" && reason !== "" ? reason : "The call was not approved.";
  }
  const approval = decision as Partial<ClientToolApproval>;
  if (approval.approved !== true) return "The call could not be approved.";
  if (!madeHere.has(approval))
    return (
      "The approval was not made by approveClientToolCall on the server; a " +
      "decision that comes from a client must be signed (broker.signDecision)."
    );
  if (approval.toolName !== call.toolName || approval.toolCallId !== call.toolCallId)
    return "The approval given was for another call.";
  if (approval.argsFingerprint !== call.argsFingerprint) return "The approval given was for other arguments.";
  return undefined;
}
