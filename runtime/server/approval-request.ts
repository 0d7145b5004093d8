import type { ClientToolPrincipal } from "../tool-spec/permission.js";

/** What the broker's `approve` hook is asked about: one call, before anything reaches the client. */
export interface ClientToolApprovalRequest {
  readonly conversationId: string;
  readonly owner: string;
  /** Present when the call was dispatched under a principal (which already holds the tool's permission). */
  readonly principal?: ClientToolPrincipal;
  readonly toolName: string;
  readonly toolCallId: string;
  readonly args: object;
  /** sha256 (hex) of the arguments' canonical JSON: what an approval is bound to. */
  readonly argsFingerprint: string;
}
