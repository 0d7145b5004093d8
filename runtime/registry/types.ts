import type { ClientToolFingerprints, ClientToolSpec } from "../tool-spec/types.js";

/**
 * A tool as the registry holds it: the parsed spec plus its identity. For a tool registered from
 * a frozen, pre-fingerprinted spec, the first read of `spec`, `fingerprints` or `identity`
 * finishes its checks, and throws the registration error when they fail.
 */
export interface RegisteredClientTool {
  readonly name: string;
  readonly spec: ClientToolSpec;
  readonly fingerprints: ClientToolFingerprints;
  /** Name plus schema fingerprints: two registrations with the same identity are the same tool. */
  readonly identity: string;
}

/** What the broker and the exporters need from a registry: look a tool up by name. */
export interface ClientToolLookup {
  get(name: string): RegisteredClientTool | undefined;
  list(): readonly RegisteredClientTool[];
  /**
   * The tools one conversation sees (its own, and those for every conversation); absent: this lookup's, whatever the
   * conversation.
   */
  forConversation?(conversationId: string): ClientToolLookup;
  /**
   * Calls `listener` with each conversation whose tools are dropped, so that what was cached for it can go; returns the
   * unsubscribe.
   */
  onScopeDropped?(listener: (conversationId: string) => void): () => void;
}

/** A spec a registration passed over (`onReservedName: "ignore"`): its name is one of the server's own tools. */
export interface IgnoredClientTool {
  readonly name: string;
  /** The server's tool it collides with: the same name, or one that differs only in case, "-" or "_". */
  readonly reservedName: string;
  /** Where the spec was in the registration input. */
  readonly pointer: string;
}

/** What a registration gives back: the tools registered, in input order, and the specs it passed over. */
export type ClientToolRegistration = readonly RegisteredClientTool[] & {
  readonly ignored: readonly IgnoredClientTool[];
};
