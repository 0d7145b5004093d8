import { startTimer, type TimerHandle } from "../../util/timer.js";
import type { ClientToolRequest } from "../../wire/messages.js";
import type { ClientCallOutcome } from "../../wire/outcome.js";
import type { ClosedCall, PendingCall, PendingCallTool } from "../stores/store.js";
import type { CallTrace } from "../telemetry/call-trace.js";

/** A timer whose deadline check could not reach the store tries again after this long. */
export const DEADLINE_RETRY_MS = 1000;

/** One call this broker dispatched (or attached to), as it waits for its end. */
export interface Waiter {
  readonly owner: string;
  readonly tool: PendingCallTool | undefined;
  /** The request as last sent (a re-send replaces it). */
  readonly request: ClientToolRequest;
  /** Whether the store holds the call (a dispatch waits from before its `open`): only then is its absence a loss. */
  readonly stored: boolean;
  /** The span of the first dispatch here, which hears of the call's re-sends and recovery. */
  readonly trace: CallTrace | undefined;
  /** The last attempt of the call whose request this broker heard from the store (0: none yet). */
  readonly heardAttempt: number;
  /** When this broker began to wait for it (epoch ms). */
  readonly since: number;
}

interface Entry extends Waiter {
  request: ClientToolRequest;
  stored: boolean;
  heardAttempt: number;
  timer: TimerHandle;
  /** Every dispatch of the call in this broker (a repeated dispatch attaches to the first). */
  readonly resolvers: ((outcome: ClientCallOutcome) => void)[];
}

/**
 * The calls this broker waits for: the promise of each dispatch, and a timer at each call's
 * deadline. All that a broker holds of a call beyond what the store holds; nothing here
 * reads or writes the store (`onDeadline` does).
 */
export class CallWaiters {
  readonly #entries = new Map<string, Entry>();
  readonly #onDeadline: (requestId: string) => Promise<void>;
  readonly #onError: (error: unknown) => void;

  /**
   * `onDeadline` runs when a call's deadline comes; when it rejects (the store unreachable),
   * the error goes to `onError` and it runs again a second later.
   */
  constructor(onDeadline: (requestId: string) => Promise<void>, onError: (error: unknown) => void) {
    this.#onDeadline = onDeadline;
    this.#onError = onError;
  }

  /**
   * Waits for the call's end: a new waiter with a timer at its deadline, or one more dispatch of the waiter there is.
   */
  wait(call: PendingCall, stored: boolean, trace?: CallTrace): Promise<ClientCallOutcome> {
    return new Promise((resolve) => {
      const { requestId } = call.request;
      const entry = this.#entries.get(requestId);
      if (entry !== undefined) return void entry.resolvers.push(resolve);
      this.#entries.set(requestId, {
        owner: call.owner,
        tool: call.tool,
        request: call.request,
        stored,
        trace,
        heardAttempt: 0,
        since: Date.now(),
        timer: this.#startTimer(requestId, call.request.expiresAt - Date.now()),
        resolvers: [resolve],
      });
    });
  }

  get(requestId: string): Waiter | undefined {
    return this.#entries.get(requestId);
  }

  has(requestId: string): boolean {
    return this.#entries.has(requestId);
  }

  /** Every call waited for, by request id. */
  entries(): [string, Waiter][] {
    return [...this.#entries];
  }

  /** The store now holds the call. */
  markStored(requestId: string): void {
    const entry = this.#entries.get(requestId);
    if (entry !== undefined) entry.stored = true;
  }

  /** The store told of this attempt's request. */
  markHeard(request: ClientToolRequest): void {
    const entry = this.#entries.get(request.requestId);
    if (entry !== undefined) entry.heardAttempt = Math.max(entry.heardAttempt, request.attempt);
  }

  /**
   * The call was sent again (a new attempt, or a deadline beyond one timer's reach): its timer follows the request's
   * deadline.
   */
  follow(request: ClientToolRequest): void {
    const entry = this.#entries.get(request.requestId);
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    entry.request = request;
    entry.timer = this.#startTimer(request.requestId, request.expiresAt - Date.now());
  }

  /**
   * Resolves every dispatch of the call with its outcome, once: `false` when none waits here (another broker's, or
   * ended already).
   */
  settle(closed: ClosedCall): boolean {
    const entry = this.#entries.get(closed.request.requestId);
    if (entry === undefined) return false;
    this.#drop(closed.request.requestId, entry);
    for (const resolve of entry.resolvers) resolve(closed.outcome);
    return true;
  }

  /** Stops waiting without an outcome (the call was never stored): its dispatch answers for itself. */
  forget(requestId: string): void {
    const entry = this.#entries.get(requestId);
    if (entry !== undefined) this.#drop(requestId, entry);
  }

  #drop(requestId: string, entry: Entry): void {
    clearTimeout(entry.timer);
    this.#entries.delete(requestId);
  }

  #startTimer(requestId: string, delayMs: number): TimerHandle {
    return startTimer(() => {
      this.#onDeadline(requestId).catch((error: unknown) => {
        this.#onError(error);
        const entry = this.#entries.get(requestId);
        if (entry !== undefined) entry.timer = this.#startTimer(requestId, DEADLINE_RETRY_MS);
      });
    }, delayMs);
  }
}
