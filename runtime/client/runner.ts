import { startTimer, type TimerHandle } from "../util/timer.js";
import type { ClientToolAnswerMessage, ClientToolErrorMessage, ClientToolRequest } from "../wire/messages.js";
import { type ClientToolValidators, validate, validatorsFor } from "../wire/validation.js";
import { findHandler, handlerErrorMessage } from "./find-handler.js";
import { RetryableClientToolError } from "./retryable-error.js";
import { markServedByRunner } from "./runner-handlers.js";
import type { ClientToolHandlerTracer } from "./runner-tracing.js";

/** What the runner reports of a private input's handler that threw: the prompt was dismissed. */
const PRIVATE_INPUT_DISMISSED_TEXT = "The user dismissed the prompt.";

/** What the runner adds to the app's context for each request. */
export interface ClientToolRequestContext {
  /**
   * Fires while the handler runs, when the request expires, when the server cancels it (`runner.cancel`: it stopped
   * waiting, or another page of the user answered) and on `runner.close()`; never once the handler has returned.
   */
  readonly signal: AbortSignal;
  readonly request: ClientToolRequest;
}

/**
 * The second argument of every handler the runner calls: the app's `context` (its services)
 * with `signal` and `request` beside it. So one `ClientToolHandlers<ClientToolContext>` object,
 * with `signal` optional in `ClientToolContext`, serves both the runner and `dispatchClientAction`.
 */
export type ClientToolRunContext<AppContext extends object = {}> = Omit<AppContext, keyof ClientToolRequestContext> &
  ClientToolRequestContext;

/** Any handler of any tool: `never` arguments, so handlers with their own typed arguments fit. */
export type ClientToolHandler<AppContext extends object = {}> = (
  args: never,
  context: ClientToolRunContext<AppContext>,
) => unknown;

export interface ClientToolRunnerOptions<Handlers, AppContext extends object = {}> {
  /** One handler per awaited tool, by tool name; a plain object or a class instance. */
  readonly handlers: Handlers;
  /** The app's services, passed to every handler with `signal` and `request` beside them. */
  readonly context?: AppContext;
  /** Carries an answer to the server; the runner calls it at most once per request attempt. */
  readonly send: (message: ClientToolAnswerMessage) => void | Promise<void>;
  /** The generator's standalone validators; without them arguments are not checked on the client. */
  readonly validators?: ClientToolValidators;
  /**
   * Where the page traces: `traceClientToolHandlers(openTelemetry)` runs each handler of a traced
   * call in a span of the call's trace. Without it the page's time still reaches the server's
   * trace, as the answer's `handlerMs`.
   */
  readonly trace?: ClientToolHandlerTracer;
}

export interface ClientToolRunner {
  /**
   * Runs a request once: a request whose attempt is not newer than one already handled, or
   * whose `expiresAt` has passed (by this client's clock), is ignored. Resolves once the
   * answer has gone to `send`; rejects only when `send` fails.
   */
  handle(request: ClientToolRequest): Promise<void>;
  /**
   * The call ended without this page (a `client_tool.cancelled` message: the server stopped waiting, or another page
   * answered): a handler still running has its signal fire, and nothing is sent.
   */
  cancel(requestId: string, reason: string): void;
  /** Aborts every running handler; later requests are ignored and nothing more is sent. */
  close(): void;
}

interface Seen {
  readonly attempt: number;
  readonly controller: AbortController;
  timer: TimerHandle;
  /** The handler has returned: its signal no longer fires (a cancel, the expiry or a close that comes after is moot). */
  done: boolean;
}

/** The client end of the awaited round trip. Browser-safe: no Node modules, no ajv. */
export function createClientToolRunner<
  Handlers extends { readonly [K in keyof Handlers]: ClientToolHandler<AppContext> },
  AppContext extends object = {},
>(options: ClientToolRunnerOptions<Handlers, AppContext>): ClientToolRunner {
  const { handlers, send, validators, context } = options;
  const trace: ClientToolHandlerTracer = options.trace ?? ((_request, run) => run());
  markServedByRunner(handlers);
  // One entry per request until it expires: long enough to ignore every replay the server could still accept.
  const seen = new Map<string, Seen>();
  let closed = false;

  async function run(request: ClientToolRequest, signal: AbortSignal): Promise<ClientToolAnswerMessage> {
    const { requestId, attempt, toolName } = request;
    const fail = (error: string, retryable: boolean): ClientToolErrorMessage => ({
      type: "client_tool.error",
      requestId,
      attempt,
      error,
      retryable,
    });
    const handler = findHandler(handlers, toolName);
    if (handler === undefined)
      return fail(`This client has no handler for the tool ${JSON.stringify(toolName)}.`, false);
    const argsCheck = validatorsFor(validators, toolName)?.args;
    const problems = argsCheck && validate(argsCheck, request.args);
    if (problems)
      return fail(
        `Invalid arguments for ${toolName}: ${problems.map((p) => `${p.pointer || "/"} ${p.message}`).join("; ")}.`,
        false,
      );
    const started = performance.now();
    // A traced call's answer says how long the handler ran, so the server's trace shows the page's time.
    const timed = <T extends ClientToolAnswerMessage>(answer: T): T =>
      request.traceparent === undefined
        ? answer
        : { ...answer, handlerMs: Math.round((performance.now() - started) * 1000) / 1000 };
    try {
      const result = await trace(request, async () =>
        handler.call(handlers, request.args, { ...context, signal, request }),
      );
      return timed({ type: "client_tool.result", requestId, attempt, result });
    } catch (error) {
      // A private input's prompt was dismissed: what the handler threw may hold what the user typed, so it stays here.
      if (request.privateInput === true) return timed(fail(PRIVATE_INPUT_DISMISSED_TEXT, false));
      return timed(fail(handlerErrorMessage(error), error instanceof RetryableClientToolError));
    }
  }

  return {
    async handle(request) {
      const previous = seen.get(request.requestId);
      if (closed || (previous !== undefined && request.attempt <= previous.attempt)) return;
      const remainingMs = request.expiresAt - Date.now();
      if (!(remainingMs > 0)) return;
      if (previous !== undefined) {
        clearTimeout(previous.timer);
        if (!previous.done)
          previous.controller.abort(new DOMException("A newer attempt of this request arrived.", "AbortError"));
      }
      const controller = new AbortController();
      const expire = () => {
        // A timer waits at most ~24.8 days; a later deadline takes more than one.
        const left = request.expiresAt - Date.now();
        if (left > 0) {
          entry.timer = startTimer(expire, left);
          return;
        }
        if (!entry.done)
          controller.abort(new DOMException("The request expired before the tool finished.", "TimeoutError"));
        if (seen.get(request.requestId) === entry) seen.delete(request.requestId);
      };
      const entry: Seen = { attempt: request.attempt, controller, timer: startTimer(expire, remainingMs), done: false };
      seen.set(request.requestId, entry);
      const answer = await run(request, controller.signal);
      entry.done = true;
      // Expired, cancelled, superseded or closed: the server no longer accepts this answer.
      if (controller.signal.aborted) return;
      await send(answer);
    },

    cancel(requestId, reason) {
      const entry = seen.get(requestId);
      if (entry !== undefined && !entry.done) entry.controller.abort(new DOMException(reason, "AbortError"));
    },

    close() {
      closed = true;
      for (const entry of seen.values()) {
        clearTimeout(entry.timer);
        if (!entry.done) entry.controller.abort(new DOMException("The client tool runner was closed.", "AbortError"));
      }
      seen.clear();
    },
  };
}
