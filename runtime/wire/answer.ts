import { isRecord } from "../util/guards.js";
import { ClientAnswerMalformedError } from "./errors.js";

/**
 * An answer to one request as a transport received it, checked for shape only. Everything
 * else (owner, one-time, attempt, `outputSchema`) is the broker's to check: see `deliverAnswer`.
 */
export type ClientToolAnswer = ClientToolResultAnswer | ClientToolErrorAnswer;

export interface ClientToolResultAnswer {
  readonly requestId: string;
  /** When given, must be the call's current attempt. */
  readonly attempt?: number;
  readonly result: unknown;
  /** How long the client's handler ran, in milliseconds, as it reports it: for the call's trace alone. */
  readonly handlerMs?: number;
}

export interface ClientToolErrorAnswer {
  readonly requestId: string;
  /** When given, must be the call's current attempt. */
  readonly attempt?: number;
  readonly error: string;
  readonly retryable: boolean;
  /** How long the client's handler ran, in milliseconds, as it reports it: for the call's trace alone. */
  readonly handlerMs?: number;
}

/** The largest answer a transport accepts unless told otherwise (an HTTP body, a WebSocket frame): 1 MiB. */
export const DEFAULT_MAX_ANSWER_BYTES = 1024 * 1024;

type Fields = { readonly [key: string]: unknown };

/** An HTTP body: `{ result }` or `{ error, retryable }`, each with an optional `attempt`. */
export function answerFromBody(body: unknown, requestId: string): ClientToolAnswer {
  if (!isRecord(body))
    throw new ClientAnswerMalformedError(
      "A client tool answer must be a JSON object: { result } or { error, retryable }.",
    );
  const hasResult = Object.hasOwn(body, "result");
  if (hasResult === Object.hasOwn(body, "error"))
    throw new ClientAnswerMalformedError("A client tool answer carries exactly one of `result` and `error`.");
  return hasResult ? resultAnswer(body, requestId) : errorAnswer(body, requestId);
}

export function resultAnswer(fields: Fields, requestId: string): ClientToolResultAnswer {
  if (!Object.hasOwn(fields, "result")) throw new ClientAnswerMalformedError("A client tool result needs `result`.");
  return { requestId, ...attemptOf(fields), result: fields["result"], ...handlerTimeOf(fields) };
}

export function errorAnswer(fields: Fields, requestId: string): ClientToolErrorAnswer {
  const { error, retryable } = fields;
  if (typeof error !== "string" || typeof retryable !== "boolean") {
    throw new ClientAnswerMalformedError("A client tool error needs `error` (a string) and `retryable` (a boolean).");
  }
  return { requestId, ...attemptOf(fields), error, retryable, ...handlerTimeOf(fields) };
}

/** The longest handler time a trace takes from a client: a day. */
const MAX_HANDLER_MS = 86_400_000;

/**
 * How long the client's handler ran, as the client reports it: only ever shown in the call's
 * trace, so a value that is not a time in range is left out rather than refused.
 */
function handlerTimeOf(fields: Fields): { readonly handlerMs?: number } {
  const { handlerMs } = fields;
  return typeof handlerMs === "number" && handlerMs >= 0 && handlerMs <= MAX_HANDLER_MS ? { handlerMs } : {};
}

function attemptOf(fields: Fields): { readonly attempt?: number } {
  const { attempt } = fields;
  if (attempt === undefined) return {};
  if (typeof attempt !== "number" || !Number.isSafeInteger(attempt) || attempt < 1) {
    throw new ClientAnswerMalformedError("`attempt`, when given, must be a positive integer (the request's attempt).");
  }
  return { attempt };
}

/**
 * An answer addressed by the model's toolCallId, as agent engines that declare client tools
 * with `handler: "client"` send it: `{ type: "tool.result", id, attempt?, result }` or
 * `{ type: "tool.error", id, error, retryable, attempt? }`. Shape only, as `answerFromBody`.
 */
export function toolCallAnswerFromBody(body: unknown): {
  readonly toolCallId: string;
  readonly answer: (requestId: string) => ClientToolAnswer;
} {
  if (!isRecord(body))
    throw new ClientAnswerMalformedError(
      'A tool answer must be a JSON object: { "type": "tool.result" | "tool.error", "id", ... }.',
    );
  const { type, id } = body;
  if (typeof id !== "string" || id === "")
    throw new ClientAnswerMalformedError("A tool answer needs `id`, the toolCallId it answers (a string).");
  if (type === "tool.result") return { toolCallId: id, answer: (requestId) => resultAnswer(body, requestId) };
  if (type === "tool.error") return { toolCallId: id, answer: (requestId) => errorAnswer(body, requestId) };
  throw new ClientAnswerMalformedError('A tool answer\'s `type` is "tool.result" or "tool.error".');
}
