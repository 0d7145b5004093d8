import type { Emitter } from "../emitter.js";
import type { PendingCall, PendingCallStore } from "../stores/store.js";
import type { CallEvents } from "./call-events.js";
import { type CallLifecycle, STORE_LOST } from "./lifecycle.js";

/** How many open calls a broker remembers from the store's notices, so that answering one needs no read of it. */
const HEARD_CALLS_KEPT = 10_000;

/**
 * The calls heard from the store: what any broker sharing it opens goes to this broker's feeds
 * (the `requested` event), what any ends to its dispatches. The open calls heard are kept (the
 * newest attempt, the oldest forgotten first) so that an answer needs no read of the store, and,
 * with a store that does not count them, each call's invalid answers. When notices may have
 * been missed (a gap), what they would have told is read from the store.
 */
export class HeardCalls {
  readonly #open = new Map<string, PendingCall>();
  readonly #invalidAnswers = new Map<string, number>();
  readonly #unsubscribe: () => void;
  readonly #store: PendingCallStore;
  readonly #lifecycle: CallLifecycle;
  readonly #events: Emitter<CallEvents>;

  constructor(store: PendingCallStore, lifecycle: CallLifecycle, events: Emitter<CallEvents>) {
    this.#store = store;
    this.#lifecycle = lifecycle;
    this.#events = events;
    this.#unsubscribe = store.subscribe({
      requested: (call) => this.#heard(call),
      closed: (closed) => {
        this.#open.delete(closed.request.requestId);
        this.#invalidAnswers.delete(closed.request.requestId);
        events.emit("ended", closed);
        lifecycle.settle(closed);
      },
      gap: () => {
        this.#open.clear();
        void this.#recheck();
      },
    });
  }

  #heard(call: PendingCall): void {
    remember(this.#open, call.request.requestId, call);
    this.#lifecycle.waiters.markHeard(call.request);
    this.#events.emit("heard", call);
    // A claimed call is with a handler of its private input: no client is asked again.
    if (call.claimed !== true) this.#events.emit("requested", call);
  }

  /**
   * Notices may have been missed: each call waited for is read again (an ended one settled, one
   * the store lost ended now, one whose request was not heard told as `requested`), the ends told
   * here are written back where the store lost them, and the application hears `gap`, so that what
   * serves other brokers' calls lists them again.
   */
  async #recheck(): Promise<void> {
    const lifecycle = this.#lifecycle;
    let lost = 0;
    let unread = 0;
    let failure: unknown;
    for (const [requestId, waiter] of lifecycle.waiters.entries()) {
      try {
        const stored = await this.#store.get(requestId, waiter.owner);
        if (stored?.state === "closed") lifecycle.settle(stored);
        else if (stored !== undefined) {
          const { state: _open, ...call } = stored;
          // Still waited for (not ended while it was read), and its request not heard.
          const now = lifecycle.waiters.get(requestId);
          if (now !== undefined && now.heardAttempt < stored.request.attempt) this.#heard(call);
        }
        // The store came back without the call (a Redis restarted empty): it ends now, not at its deadline.
        else if (waiter.stored && lifecycle.waiters.get(requestId) === waiter) {
          lost++;
          const { owner, request, tool } = waiter;
          const ended = { owner, request, ...(tool !== undefined && { tool }), outcome: STORE_LOST };
          lifecycle.told.told(ended, false);
          lifecycle.giveUp(ended);
        }
      } catch (error) {
        unread++;
        failure ??= error;
      }
    }
    if (unread > 0)
      this.#report(failure, `reading calls again after missed notices failed; their timers and the sweep will`);
    if (lost > 0)
      this.#report(
        new Error(
          `the store no longer holds ${lost} open call${lost === 1 ? "" : "s"} this broker ` +
            `awaited (did Redis come back without its data?): each ended as cancelled`,
        ),
        "the store lost calls",
      );
    await lifecycle.told
      .recheck()
      .catch((error: unknown) => this.#report(error, "writing back the ends the store lost failed; the sweep will"));
    this.#events.emit("gap", undefined);
  }

  #report(error: unknown, context: string): void {
    this.#events.emit("error", { error, context });
  }

  /** The open call as last heard, undefined when not heard of (or forgotten, or ended). */
  get(requestId: string): PendingCall | undefined {
    return this.#open.get(requestId);
  }

  /** One more invalid answer to the call, counted here: how many it has had. */
  countInvalidAnswer(requestId: string): number {
    const count = (this.#invalidAnswers.get(requestId) ?? 0) + 1;
    remember(this.#invalidAnswers, requestId, count);
    return count;
  }

  close(): void {
    this.#unsubscribe();
    this.#open.clear();
    this.#invalidAnswers.clear();
  }
}

/** Sets the entry as the newest, forgetting the oldest past the bound. */
function remember<V>(kept: Map<string, V>, key: string, value: V): void {
  kept.delete(key);
  if (kept.size >= HEARD_CALLS_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, value);
}
