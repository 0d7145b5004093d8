import { ClientCallStoreUnavailableError } from "../../wire/errors.js";
import { InMemoryPendingCallStore } from "../stores/memory-store.js";
import type { PendingCall, PendingCallFilter, PendingCallListener } from "../stores/store.js";

/** A memory store whose notices the test can lose (`deafen`), as Redis's are while its connection is away, and whose gap it tells. */
export class LossyStore extends InMemoryPendingCallStore {
  deaf = false;
  /** How many listings to come fail as unavailable, as Redis's do while it fails over. */
  failingLists = 0;
  readonly #listeners: PendingCallListener[] = [];

  override subscribe(listener: PendingCallListener): () => void {
    this.#listeners.push(listener);
    return super.subscribe({
      requested: (call) => this.deaf || listener.requested(call),
      closed: (closed) => this.deaf || listener.closed(closed),
    });
  }

  override async list(filter: PendingCallFilter): Promise<readonly PendingCall[]> {
    if (this.failingLists > 0) {
      this.failingLists--;
      throw new ClientCallStoreUnavailableError("a failover under way");
    }
    return super.list(filter);
  }

  /** The notices are heard again: every subscriber is told of the gap. */
  gap(): void {
    for (const listener of this.#listeners) listener.gap?.();
  }
}
