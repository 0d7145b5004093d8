import { clipped, quoted } from "../util/quoted.js";
import type { ValidationProblem } from "./validation.js";

/**
 * Why `broker.submit` / `broker.fail` refused an answer. Every subclass carries the HTTP
 * status a transport answers with and a JSON body, so a transport maps it in one line.
 */
export abstract class ClientCallError extends Error {
  abstract readonly status: 400 | 404 | 409 | 413 | 421 | 422 | 429 | 503;

  toJSON(): { readonly detail: string } {
    return { detail: this.message };
  }
}

/**
 * Unknown id, forgotten id, or a call that belongs to another owner: one error for all
 * three, with the same message, so a caller cannot probe which ids exist.
 */
export class ClientCallNotFoundError extends ClientCallError {
  override readonly name = "ClientCallNotFoundError";
  readonly status = 404;

  constructor(requestId: string) {
    super(`No open client tool call ${quoted(requestId)} for this caller.`);
  }
}

/** The call already ended (answered, failed, timed out or cancelled); only the first answer counts. */
export class ClientCallClosedError extends ClientCallError {
  override readonly name = "ClientCallClosedError";
  readonly status = 409;

  constructor(requestId: string) {
    super(`Client tool call ${quoted(requestId)} has already ended; only the first answer counts.`);
  }
}

/** The answer names an attempt that is not the current one (the call was re-sent since). */
export class ClientCallStaleAttemptError extends ClientCallError {
  override readonly name = "ClientCallStaleAttemptError";
  readonly status = 409;

  constructor(requestId: string, attempt: unknown, currentAttempt: number) {
    super(
      `Answer for attempt ${typeof attempt === "number" ? attempt : quoted(String(attempt))} ` +
        `of client tool call ${quoted(requestId)}, ` +
        `but the current attempt is ${currentAttempt}; answer the latest request.`,
    );
  }
}

/**
 * The result does not match the tool's `outputSchema`. The call stays open for a corrected answer.
 * For a private input (`what`), the call is asked again while it has attempts left; the problems
 * name pointers and rules, never a value.
 */
export class ClientResultInvalidError extends ClientCallError {
  override readonly name = "ClientResultInvalidError";
  readonly status = 422;
  readonly errors: readonly ValidationProblem[];

  constructor(toolName: string, errors: readonly ValidationProblem[], what: "result" | "private input" = "result") {
    const against = what === "result" ? "its outputSchema" : "its privateInput.schema";
    // A pointer names the client's keys, which may be a megabyte long.
    const shown = errors.map((e) => ({ pointer: clipped(e.pointer), message: e.message }));
    super(
      `The ${what} for ${toolName} does not ` +
        `match ${against}: ${shown.map((e) => `${e.pointer || "/"} ${e.message}`).join("; ")}.`,
    );
    this.errors = shown;
  }

  override toJSON(): { readonly detail: string; readonly errors: readonly ValidationProblem[] } {
    return { detail: this.message, errors: this.errors };
  }
}

/**
 * An answer that is not one: not JSON, not the shape of a result or an error, or a `fail` whose `error` is not a string
 * or whose `retryable` is not a boolean.
 */
export class ClientAnswerMalformedError extends ClientCallError {
  override readonly name = "ClientAnswerMalformedError";
  readonly status = 400;
}

/**
 * A page's client tool contract (`?tools=`, `clientToolContract` in its generated code) that is not
 * one: its connection is refused, since the server could not tell which calls it can run.
 */
export class ClientToolContractMalformedError extends ClientCallError {
  override readonly name = "ClientToolContractMalformedError";
  readonly status = 400;

  constructor(reason: string) {
    super(`The page's client tool contract (the generated clientToolContract) is malformed: ${reason}.`);
  }
}

/** An answer larger than the transport accepts; refused before it is parsed. */
export class ClientAnswerTooLargeError extends ClientCallError {
  override readonly name = "ClientAnswerTooLargeError";
  readonly status = 413;

  constructor(maxBytes: number) {
    super(`A client tool answer may be at most ${maxBytes} bytes.`);
  }
}

/**
 * The owner's client has more answer bytes being taken at once (read, parsed, checked) than the
 * broker's `maxAnswerBytesInFlightPerOwner`: nothing was done with this one; send it again once
 * the others are answered.
 */
export class ClientAnswersBusyError extends ClientCallError {
  override readonly name = "ClientAnswersBusyError";
  readonly status = 429;
  readonly retryAfterSeconds = 1;

  constructor(limit: { readonly bytes: number } | { readonly answers: number }) {
    super(
      "bytes" in limit
        ? `This client has answers of more than ${limit.bytes} bytes being taken at once (the ` +
            `broker's maxAnswerBytesInFlightPerOwner): send this one again once they are answered.`
        : `This client has ${limit.answers} answers being taken at once (the broker's ` +
            `maxAnswersInFlightPerOwner): send this one again once they are answered.`,
    );
  }
}

/**
 * A private input reached an instance without the tool's handler (`privateInputs`), which is the
 * only place the value may go: it is never stored or forwarded. Register the same handlers at
 * every instance that takes answers; the client may send it to one that has them.
 */
export class PrivateInputMisdirectedError extends ClientCallError {
  override readonly name = "PrivateInputMisdirectedError";
  readonly status = 421;

  constructor(toolName: string) {
    super(
      `This server has no handler for the private input of ${JSON.stringify(toolName)}; ` +
        `the value was not kept. Send it to an instance that has one.`,
    );
  }
}

/**
 * The store of pending calls did not answer within its wait (Redis unreachable, or too slow).
 * A request Redis took too slowly may still be applied after this error, so send the same
 * request again after `retryAfterSeconds`: a dispatch sent again joins its call by `toolCallId`,
 * and an answer sent again after the first was taken is refused as already ended.
 */
export class ClientCallStoreUnavailableError extends ClientCallError {
  override readonly name = "ClientCallStoreUnavailableError";
  readonly status = 503;
  readonly retryAfterSeconds = 1;

  constructor(detail: string, options?: { readonly cause?: unknown }) {
    super(
      `The store of pending client tool calls is unavailable ` +
        `(${detail}): it may or may not have been applied; send the same request again shortly.`,
      options,
    );
  }
}
