import type { PendingCall, StoredCall } from "../store.js";
import type { RedisCommands } from "./commands.js";
import type { RedisKeys } from "./keys.js";

/** How long after a prune that freed nothing the owner's set is taken as it is. */
const QUIET_MS = 1000;
/** How many owners' fruitless prunes are remembered (the oldest forgotten first costs it one more prune). */
const REMEMBERED = 10_000;

/**
 * Each owner's set of open call ids, read in full and pruned of ids whose call is no longer open (ended, or expired
 * in Redis). Opens refused at a limit all at once share one prune, and once a prune freed nothing the refusals that
 * follow for a while prune no more, so that a flood of dispatches past the cap is refused at once rather than each
 * reading every open call.
 */
export class OwnerCalls {
  readonly #commands: RedisCommands;
  readonly #keys: RedisKeys;
  readonly #get: (requestId: string, owner: string) => Promise<StoredCall | undefined>;
  readonly #pruning = new Map<string, Promise<number>>();
  /** When each owner's last prune that freed nothing ended. */
  readonly #fruitless = new Map<string, number>();

  constructor(
    commands: RedisCommands,
    keys: RedisKeys,
    get: (requestId: string, owner: string) => Promise<StoredCall | undefined>,
  ) {
    this.#commands = commands;
    this.#keys = keys;
    this.#get = get;
  }

  /** The owner's open calls, oldest first; ids of calls no longer open leave the owner's set. */
  async list(owner: string): Promise<PendingCall[]> {
    const ownerKey = this.#keys.owner(this.#keys.partOf(owner), owner);
    const ids = (await this.#commands.send(ownerKey, ["ZRANGE", ownerKey, "0", "-1"])) as string[];
    const calls = await Promise.all(ids.map((id) => this.#get(id, owner)));
    const gone = ids.filter((_, i) => calls[i]?.state !== "open");
    if (gone.length > 0) {
      const bytesKey = this.#keys.ownerBytes(this.#keys.partOf(owner), owner);
      await this.#commands.send(ownerKey, ["ZREM", ownerKey, ...gone]);
      await this.#commands.send(bytesKey, ["HDEL", bytesKey, ...gone]);
    }
    return calls
      .filter((call): call is StoredCall & { state: "open" } => call?.state === "open")
      .map(({ state: _open, ...call }) => call);
  }

  /** How many ids of calls no longer open left the owner's set; 0 without reading it right after a prune freed none. */
  prune(owner: string): Promise<number> {
    const running = this.#pruning.get(owner);
    if (running !== undefined) return running;
    const fruitless = this.#fruitless.get(owner);
    if (fruitless !== undefined && performance.now() - fruitless < QUIET_MS) return Promise.resolve(0);
    this.#fruitless.delete(owner);
    const pruning = this.#prune(owner).finally(() => this.#pruning.delete(owner));
    this.#pruning.set(owner, pruning);
    return pruning;
  }

  async #prune(owner: string): Promise<number> {
    const ownerKey = this.#keys.owner(this.#keys.partOf(owner), owner);
    const before = Number(await this.#commands.send(ownerKey, ["ZCARD", ownerKey]));
    const freed = before - (await this.list(owner)).length;
    if (freed === 0) {
      if (this.#fruitless.size >= REMEMBERED) this.#fruitless.delete(this.#fruitless.keys().next().value!);
      this.#fruitless.set(owner, performance.now());
    }
    return freed;
  }
}
