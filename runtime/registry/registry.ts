import type { ClientToolSpec } from "../tool-spec/types.js";
import type { SchemaCheck } from "./admit.js";
import { ClientToolLimitError } from "./errors.js";
import { DEFAULT_REGISTRY_LIMITS, type RegistryLimits } from "./limits.js";
import { nameKey } from "./name-key.js";
import { type RegistryState, ToolView } from "./registration-rules.js";
import { type ClientToolRegistrySnapshot, type ClientToolScopeSnapshot, readRegistrySnapshot } from "./snapshot.js";
import type { ClientToolLookup, ClientToolRegistration, RegisteredClientTool } from "./types.js";

export interface ClientToolRegistryOptions {
  /** The server's own tool names; a client tool that takes one is refused. */
  readonly reservedNames?: Iterable<string>;
  /**
   * One more check of each schema of a spec a client may have sent, before the rules of the
   * runtime's own tables: `@gen-client-tools/runtime/server` gives its registry the draft's meta-schema
   * check, with ajv, which the browser entry leaves out (it has no ajv).
   */
  readonly checkSchema?: SchemaCheck;
  /**
   * Where a tool name stands for one pair of schemas. `"conversation"` (the default): within
   * each conversation and against the tools registered for every conversation, so that one
   * conversation cannot lock a name for the others; two conversations may hold one name with
   * different schemas. `"registry"`: in every conversation at once, as the OpenHands agent server
   * keeps one process-wide registry (a name is then refused with other schemas while any
   * conversation holds it).
   */
  readonly names?: "conversation" | "registry";
  /**
   * What a spec a client sends gets when its name is one of `reservedNames` (or looks like one):
   * `"error"` (the default) refuses the registration with `ClientToolNameCollisionError`;
   * `"ignore"` passes the spec over, registers the others, and lists it in the result's
   * `ignored`, as agent engines do that take a client's tools beside their own.
   */
  readonly onReservedName?: "error" | "ignore";
  /**
   * Bounds on what clients register, over the defaults. Each spec a client may have sent: 256 KiB
   * of JSON, 10,000 schema objects per schema, 1,000 properties per object, 1,000 enum values,
   * 100,000 schema nodes once unfolded through its `$ref`s (past one, the spec is refused with
   * 422, naming the limit). Each conversation: 128 tools of its own, taken to cost 16 MiB at most
   * (422; `clientToolBytes`: the spec and the validators that may be compiled from it). Each owner:
   * 1,000 conversations with tools of their own at once, taken to cost 64 MiB at most in all (429;
   * counted for `scope(id, { owner })`). The generated specs and the tools registered for every
   * conversation are the server's and are not bounded.
   */
  readonly limits?: Partial<RegistryLimits>;
}

/**
 * One conversation's view: the registry's tools plus the conversation's own. Two conversations
 * may hold different tools, even under one name (unless the registry has `names: "registry"`).
 */
export interface ClientToolScope extends ClientToolLookup {
  readonly conversationId: string;
  /** Registers tools for this conversation only; same rules as `ClientToolRegistry#register`. */
  register(input: unknown): ClientToolRegistration;
  /** This conversation's own tools, as `{ client_tools }`. */
  snapshot(): ClientToolScopeSnapshot;
}

/** Who a conversation belongs to, for the per-owner limit; given the first time its view is asked for. */
export interface ClientToolScopeOptions {
  readonly owner?: string;
}

class ScopeView extends ToolView implements ClientToolScope {
  constructor(
    readonly conversationId: string,
    readonly owner: string | undefined,
    state: RegistryState,
    parent: ToolView,
    budget: (before: number, after: number) => void,
  ) {
    super(state, parent, budget);
  }

  snapshot(): ClientToolScopeSnapshot {
    return { client_tools: this.ownSpecs() };
  }
}

/**
 * The client tools a server knows. A tool's identity is its name plus the fingerprints of its
 * `parameters` and `outputSchema`; within one registry a name stands for one identity, in every
 * conversation, as long as any of them holds a tool of that name.
 */
export class ClientToolRegistry implements ClientToolLookup {
  readonly reservedNames: ReadonlySet<string>;
  readonly #state: RegistryState;
  readonly #root: ToolView;
  readonly #scopes = new Map<string, ScopeView>();
  /** The conversations of each owner that has a view, for `limits.maxConversationsPerOwner`. */
  readonly #byOwner = new Map<string, Set<string>>();
  /** What the tools of each owner's conversations are taken to cost, for `limits.maxBytesPerOwner`. */
  readonly #ownerBytes = new Map<string, number>();
  readonly #dropListeners = new Set<(conversationId: string) => void>();

  constructor(options: ClientToolRegistryOptions = {}) {
    this.reservedNames = new Set(options.reservedNames);
    this.#state = {
      reservedNames: new Map([...this.reservedNames].map((name) => [nameKey(name), name])),
      limits: { ...DEFAULT_REGISTRY_LIMITS, ...options.limits },
      onReservedName: options.onReservedName ?? "error",
      ...(options.names === "registry" && { claims: new Map() }),
      ...(options.checkSchema && { checkSchema: options.checkSchema }),
    };
    this.#root = new ToolView(this.#state);
  }

  /**
   * Registers tools for every conversation. `input` is one spec, an array of specs or
   * `{ client_tools: [...] }`, parsed or not: anything not already registered is parsed and
   * its fingerprints computed or checked. All or nothing; throws a `ClientToolRegistrationError`
   * (HTTP 422) naming what is wrong. A spec identical to a registered tool returns that same
   * object; one that only changes description, annotations, permission, timeout or attempts
   * replaces it; one that changes a schema is a conflict.
   *
   * Frozen specs that carry `fingerprints` (the generated `clientToolSpecs`) are registered
   * after the checks that do not walk their schemas (name, fields, fingerprint format,
   * duplicates, reserved names; a conflict with another spec of the name verifies both): their
   * schemas are checked and hashed against the fingerprints the first time anything relies on
   * the tool (reads its `spec`, `fingerprints` or `identity`: an export, a dispatch, a snapshot,
   * another spec registered under its name), which then throws the `ClientToolInvalidSpecError`
   * or `ClientToolFingerprintMismatchError` that registration would have. Call `verify()` to
   * have that done at start-up instead. Specs that are not frozen are checked in full here.
   */
  register(input: unknown): ClientToolRegistration {
    return this.#root.register(input);
  }

  /**
   * Finishes now the checks that `register` deferred for frozen, pre-fingerprinted specs, for
   * every tool of the registry and of every conversation, and throws the first problem
   * (`ClientToolInvalidSpecError` or `ClientToolFingerprintMismatchError`, naming the tool). For
   * tests, CI and servers that want a stale `specs.ts` to stop start-up rather than fail a
   * tool's first use. Tools already verified cost nothing.
   */
  verify(): void {
    this.#root.verifyOwn();
    for (const scope of this.#scopes.values()) scope.verifyOwn();
  }

  /** A tool registered for every conversation (not one registered in a scope only). */
  get(name: string): RegisteredClientTool | undefined {
    return this.#root.get(name);
  }

  /** The tools registered for every conversation, in registration order. */
  list(): readonly RegisteredClientTool[] {
    return this.#root.list();
  }

  /**
   * What a call in a conversation may use: that conversation's view when it registered tools of
   * its own, else the tools for every conversation. Never creates a view (the broker asks this
   * for every call): one broker serves every conversation's tools, with that conversation's schemas.
   */
  forConversation(conversationId: string): ClientToolLookup {
    return this.#scopes.get(conversationId) ?? this.#root;
  }

  /**
   * The view of one conversation, created on first use; the same object on every call. Give the
   * conversation's `owner` when the view is created (the authenticated user who created the
   * conversation), so that one user cannot hold more than `limits.maxConversationsPerOwner`
   * conversations with tools of their own: past it, a `ClientToolLimitError` (429) until one is
   * dropped. Asking for a conversation's view with another owner than its own throws.
   */
  scope(conversationId: string, options: ClientToolScopeOptions = {}): ClientToolScope {
    return this.#scope(conversationId, options.owner, true);
  }

  #scope(conversationId: string, owner: string | undefined, bounded: boolean): ScopeView {
    const scope = this.#scopes.get(conversationId);
    if (scope !== undefined) {
      if (owner !== undefined && owner !== scope.owner)
        throw new Error(
          `Conversation ${JSON.stringify(conversationId)} belongs to another owner: ` +
            `check who owns a conversation before asking for its client tools.`,
        );
      return scope;
    }
    const created = new ScopeView(conversationId, owner, this.#state, this.#root, (before, after) =>
      this.#charge(owner, before, after, bounded),
    );
    if (owner !== undefined) {
      let owned = this.#byOwner.get(owner);
      const max = this.#state.limits.maxConversationsPerOwner;
      if (bounded && owned !== undefined && owned.size >= max) {
        throw new ClientToolLimitError(
          "maxConversationsPerOwner",
          max,
          `This owner already has ${owned.size} conversations with ` +
            `client tools of their own: drop one before creating another`,
        );
      }
      if (owned === undefined) this.#byOwner.set(owner, (owned = new Set()));
      owned.add(conversationId);
    }
    this.#scopes.set(conversationId, created);
    return created;
  }

  /**
   * A conversation's registration would take its own tools from `before` to `after` bytes: refused
   * past the conversation's budget (422) or its owner's (429), else counted. A registry restored
   * from a snapshot (`bounded` false) counts what it restores without refusing any of it.
   */
  #charge(owner: string | undefined, before: number, after: number, bounded: boolean): void {
    const { maxBytesPerConversation, maxBytesPerOwner } = this.#state.limits;
    if (bounded && after > before && after > maxBytesPerConversation) {
      throw new ClientToolLimitError(
        "maxBytesPerConversation",
        maxBytesPerConversation,
        `This registration would give the conversation client tools taken to ` +
          `cost ${after} bytes (their specs and the validators compiled from them)`,
      );
    }
    if (owner === undefined) return;
    const next = (this.#ownerBytes.get(owner) ?? 0) - before + after;
    if (bounded && after > before && next > maxBytesPerOwner) {
      throw new ClientToolLimitError(
        "maxBytesPerOwner",
        maxBytesPerOwner,
        `This registration would give the owner's conversations client tools taken to cost ${next} ` +
          `bytes (their specs and the validators compiled from them): drop a conversation first`,
      );
    }
    this.#ownerBytes.set(owner, next);
  }

  /**
   * Forgets a conversation's tools (when the conversation is deleted), freeing the names no
   * other conversation holds; false when there was no such scope. A view obtained before
   * refuses further registrations.
   */
  dropScope(conversationId: string): boolean {
    const scope = this.#scopes.get(conversationId);
    if (scope === undefined) return false;
    const scopeBytes = scope.ownBytes();
    scope.release();
    this.#scopes.delete(conversationId);
    if (scope.owner !== undefined) {
      const left = (this.#ownerBytes.get(scope.owner) ?? 0) - scopeBytes;
      if (left > 0) this.#ownerBytes.set(scope.owner, left);
      else this.#ownerBytes.delete(scope.owner);
      const owned = this.#byOwner.get(scope.owner);
      owned?.delete(conversationId);
      if (owned?.size === 0) this.#byOwner.delete(scope.owner);
    }
    for (const listener of [...this.#dropListeners]) listener(conversationId);
    return true;
  }

  /**
   * Calls `listener` with each conversation `dropScope` forgets (a broker frees what it compiled for it); returns the
   * unsubscribe.
   */
  onScopeDropped(listener: (conversationId: string) => void): () => void {
    this.#dropListeners.add(listener);
    return () => void this.#dropListeners.delete(listener);
  }

  /** Plain JSON (specs with their fingerprints, no classes), for `ClientToolRegistry.restore`. */
  snapshot(): ClientToolRegistrySnapshot {
    const scopes: { conversationId: string; owner?: string; client_tools: ClientToolSpec[] }[] = [];
    for (const [conversationId, scope] of this.#scopes) {
      const specs = scope.ownSpecs();
      if (specs.length > 0)
        scopes.push({ conversationId, ...(scope.owner !== undefined && { owner: scope.owner }), client_tools: specs });
    }
    return { version: 1, reservedNames: [...this.reservedNames], client_tools: this.#root.ownSpecs(), scopes };
  }

  /**
   * Rebuilds a registry from `snapshot()` output, checking every spec and fingerprint again.
   * `options.reservedNames`, when given, replaces the snapshot's: the server's own tools are
   * those of the running version. Owners keep their conversations even past a lowered
   * `maxConversationsPerOwner` (they cannot add more until under it again).
   */
  static restore<R extends ClientToolRegistry>(
    this: new (
      options: ClientToolRegistryOptions,
    ) => R,
    snapshot: unknown,
    options: ClientToolRegistryOptions = {},
  ): R {
    const contents = readRegistrySnapshot(snapshot);
    const registry = new this({ ...options, reservedNames: options.reservedNames ?? contents.reservedNames });
    registry.register(contents.clientTools);
    for (const { conversationId, owner, clientTools } of contents.scopes)
      registry.#scope(conversationId, owner, false).register(clientTools);
    return registry;
  }
}
