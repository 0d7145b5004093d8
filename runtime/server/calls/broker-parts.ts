import type { Emitter } from "../emitter.js";
import type { RequestSigner } from "../signing/signed-request-id.js";
import type { PendingCall, PendingCallStore } from "../stores/store.js";
import type { CallPolicy } from "../tool-policy.js";
import type { KnownTool } from "../tools.js";
import type { ResultChecker } from "../validation/result-validation.js";
import type { CallEvents } from "./call-events.js";
import type { CallLifecycle } from "./lifecycle.js";

/** What the broker's rooms share: made once by the broker, read by each. */
export interface BrokerParts {
  readonly store: PendingCallStore;
  /** The tool of this name in the call's conversation, as known here. */
  readonly find: (name: string, conversationId: string) => KnownTool | undefined;
  readonly lifecycle: CallLifecycle;
  readonly events: Emitter<CallEvents>;
  /** Checks a result (or a private input) against the schema its tool was dispatched with. */
  readonly check: ResultChecker;
  readonly policyOf: (call: PendingCall) => CallPolicy | undefined;
  /** With `signing`: request ids that bind the call, checked before the store is read. */
  readonly signer: RequestSigner | undefined;
  /** How this instance is named in `broker.summary()`. */
  readonly instanceId: string;
  /** How deep arguments and results may nest. */
  readonly maxValueDepth: number;
  /** Reports a failure no caller can receive (the `error` event, then the broker's `onError`). */
  readonly report: (error: unknown, context: string) => void;
}
