import type { ToolCallAddress } from "../store.js";

/** How many parts the store's keys fall in, by default. */
export const DEFAULT_PARTS = 16;

/**
 * Where the Redis store keeps what. Every owner's calls live in one of a few parts, each part's
 * keys under one hash tag (`{p3}`): every script touches the keys of one part, so it runs on a
 * Redis Cluster, while the parts, and with them the owners, spread over its masters. Each part
 * keeps its own deadlines, which is what lets every instance sweep them all.
 */
export class RedisKeys {
  readonly #prefix: string;
  /** How many parts there are: changing it moves every owner's calls (use a new prefix). */
  readonly parts: number;

  constructor(prefix: string, parts: number) {
    if (!Number.isInteger(parts) || parts < 1 || parts > 1024)
      throw new TypeError(`parts must be an integer from 1 to 1024, not ${parts}.`);
    this.#prefix = prefix;
    this.parts = parts;
  }

  /** The owner's part: a hash of the owner (FNV-1a over its UTF-16 code units). */
  partOf(owner: string): number {
    let hash = 0x811c9dc5;
    for (let i = 0; i < owner.length; i++) hash = Math.imul(hash ^ owner.charCodeAt(i), 0x01000193);
    return (hash >>> 0) % this.parts;
  }

  call(part: number, requestId: string): string {
    return `${this.#tag(part)}call:${requestId}`;
  }

  /** The owner's open calls, a sorted set by the part's sequence: oldest first. */
  owner(part: number, owner: string): string {
    return `${this.#tag(part)}owner:${owner}`;
  }

  /** The bytes each open call of the owner holds (requestId -> bytes), for the owner's byte limit. */
  ownerBytes(part: number, owner: string): string {
    return `${this.#tag(part)}ownerbytes:${owner}`;
  }

  /** The owner's conversations with tools of their own, a sorted set by when each one's count lapses. */
  ownerConversations(part: number, owner: string): string {
    return `${this.#tag(part)}conversations:${owner}`;
  }

  /** What each of the owner's conversations' tools cost (conversation id -> bytes), for the owner's byte limit. */
  ownerConversationBytes(part: number, owner: string): string {
    return `${this.#tag(part)}conversationbytes:${owner}`;
  }

  sequence(part: number): string {
    return `${this.#tag(part)}seq`;
  }

  /** A JSON triple: no owner, conversation id and toolCallId can spell another triple's key. */
  toolCall(part: number, address: ToolCallAddress): string {
    return `${this.#tag(part)}toolcall:${JSON.stringify([address.owner, address.conversationId, address.toolCallId])}`;
  }

  /** An outputSchema, kept in each part whose calls need it. */
  schema(part: number, fingerprint: string): string {
    return `${this.#tag(part)}schema:${fingerprint}`;
  }

  deadlines(part: number): string {
    return `${this.#tag(part)}deadlines`;
  }

  /** What each instance last said of itself (instanceId -> its report), for `broker.summary()`. */
  instances(): string {
    return `${this.#prefix}instances`;
  }

  /** Where every instance hears of every open, re-send and close (a cluster passes a message to every node). */
  channel(): string {
    return `${this.#prefix}calls`;
  }

  #tag(part: number): string {
    return `${this.#prefix}{p${part}}`;
  }
}
