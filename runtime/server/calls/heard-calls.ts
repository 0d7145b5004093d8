import type { Emitter } from "../emitter.js";
import type { PendingCall, PendingCallStore } from "../stores/store.js";
import type { CallEvents } from "./call-events.js";
import type { CallLifecycle } from "./lifecycle.js";

/** How many open calls a broker remembers from the store's notices, so that answering one needs no read of it. */
const HEARD_CALLS_KEPT = 10_000;

/**
 * The calls heard from the store: what any broker sharing it opens goes to this broker's feeds
 * (the `requested` event), what any ends to its dispatches. The open calls heard are kept (the
 * newest attempt, the oldest forgotten first) so that an answer needs no read of the store, and,
 * with a store that does not count them, each call's invalid answers.
 */
export class HeardCalls {
  readonly #open = new Map<string, PendingCall>();
  readonly #invalidAnswers = new Map<string, number>();
  readonly #unsubscribe: () => void;

  constructor(store: PendingCallStore, lifecycle: CallLifecycle, events: Emitter<CallEvents>) {
    this.#unsubscribe = store.subscribe({
      requested: (call) => {
        remember(this.#open, call.request.requestId, call);
        events.emit("heard", call);
        // A claimed call is with a handler of its private input: no client is asked again.
        if (call.claimed !== true) events.emit("requested", call);
      },
      closed: (closed) => {
        this.#open.delete(closed.request.requestId);
        this.#invalidAnswers.delete(closed.request.requestId);
        events.emit("ended", closed);
        lifecycle.settle(closed);
      },
      gap: () => {
        this.#open.clear();
        void lifecycle.recheckWaiters();
      },
    });
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
