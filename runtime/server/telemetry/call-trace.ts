import type { ClientCallOutcome } from "../../wire/outcome.js";

/** One call, from dispatch to outcome, as its span and metrics see it. */
export interface CallTrace {
  /** The call's span as a W3C `traceparent`, for its request; undefined when nothing records it. */
  readonly traceparent: string | undefined;
  approvalWaited(seconds: number): void;
  /** The call is open in the store (counted among open calls until it ends). */
  opened(): void;
  sent(attempt: number): void;
  /** Its dispatcher or client went away, and its tool's recovery policy sent it again. */
  redispatched(): void;
  /**
   * This dispatch joined a call that another dispatch records (one that ended, or that a dispatch
   * here or at a live instance waits for): its span says so, and it counts in no metric.
   */
  joined(): void;
  ended(outcome: ClientCallOutcome): void;
  failed(error: unknown): void;
}
