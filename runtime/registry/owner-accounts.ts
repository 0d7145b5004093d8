import { ClientToolLimitError } from "./errors.js";
import type { RegistryLimits } from "./limits.js";

/**
 * What each owner holds in one registry: its conversations with tools of their own, and what their tools are taken to
 * cost, against `limits.maxConversationsPerOwner`, `maxBytesPerConversation` and `maxBytesPerOwner`.
 */
export class OwnerAccounts {
  readonly #limits: RegistryLimits;
  readonly #conversations = new Map<string, Set<string>>();
  readonly #bytes = new Map<string, number>();

  constructor(limits: RegistryLimits) {
    this.#limits = limits;
  }

  /**
   * Counts a new conversation of the owner: past `maxConversationsPerOwner` a `ClientToolLimitError` (429). A registry
   * restored from a snapshot (`bounded` false) counts what it restores without refusing any of it.
   */
  open(owner: string, conversationId: string, bounded: boolean): void {
    let owned = this.#conversations.get(owner);
    const max = this.#limits.maxConversationsPerOwner;
    if (bounded && owned !== undefined && owned.size >= max) {
      throw new ClientToolLimitError(
        "maxConversationsPerOwner",
        max,
        `This owner already has ${owned.size} conversations with ` +
          `client tools of their own: drop one before creating another`,
      );
    }
    if (owned === undefined) this.#conversations.set(owner, (owned = new Set()));
    owned.add(conversationId);
  }

  /**
   * A conversation's registration would take its own tools from `before` to `after` bytes: refused past the
   * conversation's budget (422) or its owner's (429), else counted.
   */
  charge(owner: string | undefined, before: number, after: number, bounded: boolean): void {
    const { maxBytesPerConversation, maxBytesPerOwner } = this.#limits;
    if (bounded && after > before && after > maxBytesPerConversation) {
      throw new ClientToolLimitError(
        "maxBytesPerConversation",
        maxBytesPerConversation,
        `This registration would give the conversation client tools taken to ` +
          `cost ${after} bytes (their specs and the validators compiled from them)`,
      );
    }
    if (owner === undefined) return;
    const next = (this.#bytes.get(owner) ?? 0) - before + after;
    if (bounded && after > before && next > maxBytesPerOwner) {
      throw new ClientToolLimitError(
        "maxBytesPerOwner",
        maxBytesPerOwner,
        `This registration would give the owner's conversations client tools taken to cost ${next} ` +
          `bytes (their specs and the validators compiled from them): drop a conversation first`,
      );
    }
    this.#bytes.set(owner, next);
  }

  /** Forgets a dropped conversation of the owner and what its tools were taken to cost. */
  close(owner: string, conversationId: string, bytes: number): void {
    const left = (this.#bytes.get(owner) ?? 0) - bytes;
    if (left > 0) this.#bytes.set(owner, left);
    else this.#bytes.delete(owner);
    const owned = this.#conversations.get(owner);
    owned?.delete(conversationId);
    if (owned?.size === 0) this.#conversations.delete(owner);
  }
}
