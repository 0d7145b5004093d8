import type { JsonObject } from "../util/json.js";
import type { ClientToolDifference } from "./tool-difference.js";

/**
 * The messages of the awaited round trip, as every transport carries them (HTTP, SSE,
 * WebSocket, AG-UI). Types only: browser-safe, and shared by server and client.
 */

/**
 * The server asks the client to run one awaited tool call.
 *
 * `requestId` is server-issued (128 random bits, base64url) and stays the same across
 * retries; a retry is the same request with `attempt + 1` and a new `expiresAt`.
 * `expiresAt` is epoch milliseconds (UTC), so both ends compare it with `Date.now()`
 * without parsing; after it the server no longer accepts an answer for this attempt.
 */
export interface ClientToolRequest {
  readonly requestId: string;
  readonly conversationId: string;
  readonly toolName: string;
  readonly toolCallId: string;
  readonly args: { readonly [key: string]: unknown };
  readonly attempt: number;
  readonly expiresAt: number;
  /**
   * The call asks the user for a private value (a password, a token): the client collects it,
   * checks it against `privateInputSchema`, and sends it as the result, to the server alone; the
   * model never sees it. A new attempt asks again after an invalid submission.
   */
  readonly privateInput?: true;
  readonly privateInputSchema?: JsonObject;
  /**
   * The call's span as a W3C `traceparent`, when the server traces its calls (OpenTelemetry): a
   * client that traces too parents its handler's span on it.
   */
  readonly traceparent?: string;
}

/** The client's answer: the tool's result, checked by the server against the tool's `outputSchema`. */
export interface ClientToolResultMessage {
  readonly type: "client_tool.result";
  readonly requestId: string;
  readonly attempt: number;
  readonly result: unknown;
  /**
   * How long the handler ran (ms), sent for a request with a `traceparent`: shown in the call's trace, used for nothing
   * else.
   */
  readonly handlerMs?: number;
}

/**
 * The client could not run the tool. `error` is a message for people and the model, never
 * a stack. `retryable: true` asks the server to send the call again, which it does only for
 * idempotent or read-only tools that have attempts left.
 */
export interface ClientToolErrorMessage {
  readonly type: "client_tool.error";
  readonly requestId: string;
  readonly attempt: number;
  readonly error: string;
  readonly retryable: boolean;
  /**
   * How long the handler ran (ms), sent for a request with a `traceparent`: shown in the call's trace, used for nothing
   * else.
   */
  readonly handlerMs?: number;
}

/** Everything a client sends back for a request. */
export type ClientToolAnswerMessage = ClientToolResultMessage | ClientToolErrorMessage;

/**
 * The server no longer waits for this call (cancelled, timed out, or ended otherwise);
 * a client passes it to `runner.cancel` so the handler's `AbortSignal` fires.
 */
export interface ClientToolCancelledMessage {
  readonly type: "client_tool.cancelled";
  readonly requestId: string;
  readonly reason: string;
}

/**
 * The page's code was generated from other specs than this call's tool (see `ClientToolContract`):
 * the call was not sent to it, and ended as `client_out_of_date` unless another of the user's pages
 * connected here can run it. An app shows it as "reload to update".
 */
export interface ClientToolMismatchMessage {
  readonly type: "client_tool.mismatch";
  /** The broker's request; absent where the call was refused before it was dispatched (an AG-UI run). */
  readonly requestId?: string;
  readonly conversationId: string;
  readonly toolCallId: string;
  readonly toolName: string;
  /** What the page lacks: the tool (`missing`), or the tool as the call has it (`mode`, `parameters`, `result`). */
  readonly differs: readonly ClientToolDifference[];
}
