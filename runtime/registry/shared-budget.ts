/** Which of an owner's limits a conversation's registration would pass at some instance. */
export type SharedBudgetRefusal = "maxConversationsPerOwner" | "maxBytesPerOwner";

/**
 * Where an owner's conversations with tools of their own, and what their tools cost, are counted for every instance
 * at once: a store shared by the server's processes (`RedisPendingCallStore` is one), so that the registry's
 * `maxConversationsPerOwner` and `maxBytesPerOwner` hold across instances, not only in each.
 */
export interface SharedOwnerBudget {
  /**
   * Counts the owner's conversation as holding tools that cost `bytes`, until `ttlMs` from now (counting it again
   * replaces its bytes and starts its time again), in one step for every instance: resolves to the limit it would pass
   * (and counts nothing), or undefined once counted.
   */
  holdConversation(
    owner: string,
    conversationId: string,
    bytes: number,
    limits: { readonly maxConversations: number; readonly maxBytes: number },
    ttlMs: number,
  ): Promise<SharedBudgetRefusal | undefined>;
  /** Stops counting the owner's conversation (it was dropped). */
  releaseConversation(owner: string, conversationId: string): Promise<void>;
}
