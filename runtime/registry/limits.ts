import { DEFAULT_SPEC_LIMITS, type SpecLimits } from "../schema/spec-limits.js";

/**
 * What a registry lets clients hold: each spec's bounds, and how much one conversation and one
 * owner may register, so that a client's tools (and the validators compiled for them) cost the
 * server a bounded amount of memory.
 */
export interface RegistryLimits extends SpecLimits {
  /** A conversation's own tools (beside the server's); default 128, what one OpenAI request takes. */
  readonly maxToolsPerConversation: number;
  /** Conversations of one owner that hold tools of their own at once (`scope(id, { owner })`); default 1,000. */
  readonly maxConversationsPerOwner: number;
}

export const DEFAULT_REGISTRY_LIMITS: RegistryLimits = { ...DEFAULT_SPEC_LIMITS, maxToolsPerConversation: 128, maxConversationsPerOwner: 1_000 };
