import { InMemoryPendingCallStore } from "../stores/memory-store.js";
import type { PendingCallListener } from "../stores/store.js";

/** A memory store whose notices the test can lose (`deafen`), as Redis's are while its connection is away, and whose gap it tells. */
export class LossyStore extends InMemoryPendingCallStore {
  deaf = false;
  readonly #listeners: PendingCallListener[] = [];

  override subscribe(listener: PendingCallListener): () => void {
    this.#listeners.push(listener);
    return super.subscribe({
      requested: (call) => this.deaf || listener.requested(call),
      closed: (closed) => this.deaf || listener.closed(closed),
    });
  }

  /** The notices are heard again: every subscriber is told of the gap. */
  gap(): void {
    for (const listener of this.#listeners) listener.gap?.();
  }
}
