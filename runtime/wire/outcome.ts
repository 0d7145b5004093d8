import type { ClientToolDifference } from "./tool-difference.js";

/**
 * How an awaited client tool call ended. `broker.dispatch` resolves to one of these and
 * never rejects for anything the client does; `outcomeToObservation` turns each into what
 * the model sees. Types only: browser-safe.
 */
export type ClientCallOutcome =
  | ClientCallOk
  | ClientCallFailed
  | ClientCallTimedOut
  | ClientCallCancelled
  | ClientCallUnknownOutcome
  | ClientCallDenied
  | ClientCallInvalidArguments
  | ClientCallPrivateInputFailed
  | ClientCallClientOutOfDate;

/** The client answered with a result that matched the tool's `outputSchema`. */
export interface ClientCallOk {
  readonly status: "ok";
  readonly result: unknown;
}

/** The client reported that it could not run the tool (and no retry was left or allowed). */
export interface ClientCallFailed {
  readonly status: "error";
  readonly error: string;
  readonly retryable: boolean;
}

/** The client did not answer before the call expired. */
export interface ClientCallTimedOut {
  readonly status: "timeout";
  /** The tool's timeout, so the model can be told how long the client had. */
  readonly timeoutSeconds: number;
}

/**
 * The server stopped waiting (`broker.cancel`, `broker.close`), or the user dismissed a private input's prompt
 * (`dismissed`).
 */
export interface ClientCallCancelled {
  readonly status: "cancelled";
  readonly reason: string;
  readonly dismissed?: true;
}

/**
 * A private input was not used: the user's submissions did not match its schema as often as the
 * tool allows (`"invalid"`), or the server's handler threw or resolved to a value (`"unusable"`).
 * Nothing the handler threw or returned is kept, so none of it reaches the model.
 */
export interface ClientCallPrivateInputFailed {
  readonly status: "private_input_failed";
  readonly reason: "invalid" | "unusable";
}

/**
 * The call was open when the process that dispatched it died, or when its client went away, and
 * its tool's recovery policy is `"settle"`: the client may have acted, and nobody knows.
 */
export interface ClientCallUnknownOutcome {
  readonly status: "unknown_outcome";
  readonly reason: string;
}

/**
 * The user's page (or app) runs code generated from other specs than the call's tool: it lacks the
 * tool, or has it with another mode or schema (`differs`), so the call was not sent to it. The page
 * was told (`client_tool.mismatch`) and may ask the user to reload.
 */
export interface ClientCallClientOutOfDate {
  readonly status: "client_out_of_date";
  readonly differs: readonly ClientToolDifference[];
}

/** The call never reached the client (permission or approval refused it). */
export interface ClientCallDenied {
  readonly status: "denied";
  readonly reason: string;
  /** Who refused, when the refusal was a signed decision (`broker.signDecision`). */
  readonly decidedBy?: string;
}

/** The model's arguments do not match the tool's `parameters`: the call never reached the client. */
export interface ClientCallInvalidArguments {
  readonly status: "invalid_arguments";
  /** Where the arguments fail (JSON pointers into them), at most 20. */
  readonly errors: readonly { readonly pointer: string; readonly message: string }[];
}
