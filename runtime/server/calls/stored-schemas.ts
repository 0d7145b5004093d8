import type { JsonObject } from "../../util/json.js";
import type { PendingCallStore } from "../stores/store.js";

/** How many outputSchemas read back from the store a broker keeps. */
const STORED_SCHEMAS_KEPT = 1000;

/**
 * outputSchemas read back from the store, by fingerprint, for answers to calls whose tool this
 * instance does not know: what a fingerprint names never changes, so they are kept (the oldest
 * forgotten first).
 */
export class StoredSchemas {
  readonly #store: PendingCallStore;
  readonly #kept = new Map<string, JsonObject>();

  constructor(store: PendingCallStore) {
    this.#store = store;
  }

  async get(owner: string, fingerprint: string): Promise<JsonObject | undefined> {
    const kept = this.#kept.get(fingerprint);
    if (kept !== undefined) return kept;
    const schema = await this.#store.getSchema(owner, fingerprint);
    if (schema === undefined) return undefined;
    if (this.#kept.size >= STORED_SCHEMAS_KEPT) this.#kept.delete(this.#kept.keys().next().value!);
    this.#kept.set(fingerprint, schema);
    return schema;
  }

  clear(): void {
    this.#kept.clear();
  }
}
