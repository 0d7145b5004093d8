import type { ClientToolSpec } from "../tool-spec/types.js";
import { ClientToolLimitError } from "./errors.js";
import { DEFAULT_REGISTRY_LIMITS } from "./limits.js";
import { nameKey } from "./name-key.js";
import { OwnerAccounts } from "./owner-accounts.js";
import { type RegistryState, ToolView } from "./registration-rules.js";
import { type ClientToolRegistryOptions, DEFAULT_SHARED_BUDGET_HOLD_MS } from "./registry-options.js";
import type { SharedBudgetRefusal, SharedOwnerBudget } from "./shared-budget.js";

import { type ClientToolRegistrySnapshot, type ClientToolScopeSnapshot, readRegistrySnapshot } from "./snapshot.js";
import type { ClientToolLookup, ClientToolRegistration, RegisteredClientTool } from "./types.js";

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
  readonly #owners: OwnerAccounts;
  readonly #sharedBudget: SharedOwnerBudget | undefined;
  readonly #sharedBudgetHoldMs: number;
  /** The registration under way through `registerInScope`, by conversation: each waits for the one before. */
  readonly #registering = new Map<string, Promise<unknown>>();
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
    this.#owners = new OwnerAccounts(this.#state.limits);
    this.#sharedBudget = options.sharedBudget;
    this.#sharedBudgetHoldMs = options.sharedBudgetHoldMs ?? DEFAULT_SHARED_BUDGET_HOLD_MS;
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

  /**
   * `scope(conversationId, { owner }).register(input)`, with the owner's limits held across instances when the registry
   * has a `sharedBudget`: the conversation is counted there with what its own tools cost, and past
   * `maxConversationsPerOwner` or `maxBytesPerOwner` over every instance the registration is refused with a
   * `ClientToolLimitError` (429) and nothing of it kept; when the budget's store cannot answer, it rejects with the
   * store's error and keeps nothing either. Registrations of one conversation run one after another.
   */
  registerInScope(conversationId: string, owner: string, input: unknown): Promise<ClientToolRegistration> {
    const before = this.#registering.get(conversationId);
    const registered = (before ?? Promise.resolve()).then(
      () => this.#registerHeld(conversationId, owner, input),
      () => this.#registerHeld(conversationId, owner, input),
    );
    this.#registering.set(conversationId, registered);
    const settled = () => {
      if (this.#registering.get(conversationId) === registered) this.#registering.delete(conversationId);
    };
    registered.then(settled, settled);
    return registered;
  }

  async #registerHeld(conversationId: string, owner: string, input: unknown): Promise<ClientToolRegistration> {
    const kept = this.#scopes.get(conversationId)?.ownSpecs();
    const scope = this.#scope(conversationId, owner, true);
    let registration: ClientToolRegistration;
    try {
      registration = scope.register(input);
    } catch (error) {
      if (kept === undefined) this.#forget(conversationId, scope);
      throw error;
    }
    const budget = this.#sharedBudget;
    if (budget === undefined) return registration;
    const { maxConversationsPerOwner, maxBytesPerOwner } = this.#state.limits;
    let refusal: SharedBudgetRefusal | undefined;
    try {
      refusal = await budget.holdConversation(
        owner,
        conversationId,
        scope.ownBytes(),
        { maxConversations: maxConversationsPerOwner, maxBytes: maxBytesPerOwner },
        this.#sharedBudgetHoldMs,
      );
    } catch (error) {
      this.#restore(conversationId, owner, kept);
      throw error;
    }
    if (refusal === undefined) return registration;
    this.#restore(conversationId, owner, kept);
    const max = refusal === "maxConversationsPerOwner" ? maxConversationsPerOwner : maxBytesPerOwner;
    throw new ClientToolLimitError(
      refusal,
      max,
      refusal === "maxConversationsPerOwner"
        ? `This owner already has ${max} conversations with client tools of their own across the server's ` +
            `instances: drop one before creating another`
        : `This registration would give the owner's conversations, across the server's instances, client tools ` +
            `taken to cost more than ${max} bytes: drop a conversation first`,
    );
  }

  /** Puts a conversation's own tools back as they were before a refused registration (none: no view). */
  #restore(conversationId: string, owner: string, kept: ClientToolSpec[] | undefined): void {
    const scope = this.#scopes.get(conversationId);
    if (scope !== undefined) this.#forget(conversationId, scope);
    if (kept !== undefined) this.#scope(conversationId, owner, false).register(kept);
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
      this.#owners.charge(owner, before, after, bounded),
    );
    if (owner !== undefined) this.#owners.open(owner, conversationId, bounded);
    this.#scopes.set(conversationId, created);
    return created;
  }

  /**
   * Forgets a conversation's tools (when the conversation is deleted), freeing the names no
   * other conversation holds; false when there was no such scope. A view obtained before
   * refuses further registrations.
   */
  dropScope(conversationId: string): boolean {
    const scope = this.#scopes.get(conversationId);
    if (scope === undefined) return false;
    this.#forget(conversationId, scope);
    if (scope.owner !== undefined) void this.#sharedBudget?.releaseConversation(scope.owner, conversationId);
    return true;
  }

  /** Forgets a conversation's view here (the shared budget's count is left as it is). */
  #forget(conversationId: string, scope: ScopeView): void {
    const scopeBytes = scope.ownBytes();
    scope.release();
    this.#scopes.delete(conversationId);
    if (scope.owner !== undefined) this.#owners.close(scope.owner, conversationId, scopeBytes);
    for (const listener of [...this.#dropListeners]) listener(conversationId);
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
