import type { JsonObject } from "../../util/json.js";
import type { ClientCallOutcome } from "../../wire/outcome.js";
import {
  DuplicateToolCallError,
  OpenCallLimitError,
  type PendingCall,
  type PendingCallFilter,
  type PendingCallListener,
  type PendingCallOpenOptions,
  type PendingCallStore,
  type PendingCallsSummary,
  type StoredCall,
  type ToolCallAddress,
} from "./store.js";

type OpenEntry = Extract<StoredCall, { state: "open" }>;
interface ClosedEntry {
  readonly call: Extract<StoredCall, { state: "closed" }>;
  readonly forgetAt: number;
}

export interface InMemoryPendingCallStoreOptions {
  /** How long an ended call is remembered, so a late answer gets 409 instead of 404. Default 10 minutes. */
  readonly closedRetentionMs?: number;
}

export const DEFAULT_CLOSED_RETENTION_MS = 10 * 60 * 1000;

/** How often the kept schemas are swept for expired ones. */
const SCHEMA_SWEEP_MS = 1000;
/**
 * The default store: one process, no persistence (a restart forgets every call). Brokers
 * that share one instance behave like processes sharing a database, which is how the
 * cross-process rules are tested.
 */
export class InMemoryPendingCallStore implements PendingCallStore {
  readonly #open = new Map<string, OpenEntry>();
  readonly #byOwner = new Map<string, Set<string>>();
  /** What each open call holds, and each owner's open calls together, for `maxOpenBytesPerOwner`. */
  readonly #bytes = new Map<string, number>();
  readonly #bytesByOwner = new Map<string, number>();
  /** Invalid answers each open call has had. */
  readonly #invalidAnswers = new Map<string, number>();
  // Insertion order is closing order, so forgetAt only grows along the map: forgetting
  // is a walk from the front that stops at the first call still retained.
  readonly #closed = new Map<string, ClosedEntry>();
  readonly #listeners = new Set<PendingCallListener>();
  /** The requestId of each known call, by owner, conversation and toolCallId. */
  readonly #byToolCall = new Map<string, string>();
  readonly #retentionMs: number;
  /** Each outputSchema a call needs, by fingerprint, until the last call that needs it is forgotten. */
  readonly #schemas = new Map<string, { readonly schema: JsonObject; readonly forgetAt: number }>();
  #nextSchemaSweep = 0;

  constructor(options: InMemoryPendingCallStoreOptions = {}) {
    this.#retentionMs = options.closedRetentionMs ?? DEFAULT_CLOSED_RETENTION_MS;
  }

  async open(call: PendingCall, options: PendingCallOpenOptions = {}): Promise<void> {
    const { requestId } = call.request;
    if (this.#open.has(requestId) || this.#closed.has(requestId))
      throw new Error(`Duplicate client tool request id ${requestId}.`);
    this.#forgetExpired();
    const toolCall = toolCallKey({
      owner: call.owner,
      conversationId: call.request.conversationId,
      toolCallId: call.request.toolCallId,
    });
    if (this.#byToolCall.has(toolCall))
      throw new DuplicateToolCallError(call.request.conversationId, call.request.toolCallId);
    const max = options.maxOpenPerOwner;
    if (max !== undefined && (this.#byOwner.get(call.owner)?.size ?? 0) >= max)
      throw new OpenCallLimitError(call.owner, max);
    const bytes = options.bytes ?? 0;
    const held = (this.#bytesByOwner.get(call.owner) ?? 0) + bytes;
    const maxBytes = options.maxOpenBytesPerOwner;
    if (maxBytes !== undefined && held > maxBytes)
      throw new OpenCallLimitError(call.owner, maxBytes, "maxOpenCallBytesPerOwner");
    if (bytes > 0) {
      this.#bytes.set(requestId, bytes);
      this.#bytesByOwner.set(call.owner, held);
    }
    this.#byToolCall.set(toolCall, requestId);
    this.#open.set(requestId, storedOpen(call.owner, call));
    let ids = this.#byOwner.get(call.owner);
    if (ids === undefined) this.#byOwner.set(call.owner, (ids = new Set()));
    ids.add(requestId);
    if (options.outputSchema !== undefined && call.tool !== undefined)
      await this.putSchema(call.owner, call.tool.outputSchema, options.outputSchema, call.request.expiresAt);
    this.#notify((listener) => listener.requested(call));
  }

  async get(requestId: string, owner: string): Promise<StoredCall | undefined> {
    this.#forgetExpired();
    const call = this.#open.get(requestId) ?? this.#closed.get(requestId)?.call;
    return call?.owner === owner ? call : undefined;
  }

  async findByToolCall(address: ToolCallAddress): Promise<StoredCall | undefined> {
    this.#forgetExpired();
    const requestId = this.#byToolCall.get(toolCallKey(address));
    return requestId === undefined ? undefined : this.get(requestId, address.owner);
  }

  async countInvalidAnswer(requestId: string, owner: string): Promise<number> {
    const call = this.#open.get(requestId);
    if (call?.owner !== owner) return 0;
    const count = (this.#invalidAnswers.get(requestId) ?? 0) + 1;
    this.#invalidAnswers.set(requestId, count);
    return count;
  }

  async reissue(next: PendingCall, expectedAttempt: number): Promise<boolean> {
    const current = this.#openAt(next.request.requestId, expectedAttempt);
    if (current === undefined || current.owner !== next.owner) return false;
    this.#open.set(next.request.requestId, storedOpen(current.owner, next));
    const { state: _open, ...call } = this.#open.get(next.request.requestId)!;
    this.#notify((listener) => listener.requested(call));
    return true;
  }

  async close(call: PendingCall, outcome: ClientCallOutcome): Promise<boolean> {
    const { requestId } = call.request;
    const current = this.#openAt(requestId, call.request.attempt);
    if (current === undefined) return false;
    this.#forgetExpired();
    this.#open.delete(requestId);
    const ids = this.#byOwner.get(current.owner)!;
    ids.delete(requestId);
    if (ids.size === 0) this.#byOwner.delete(current.owner);
    this.#invalidAnswers.delete(requestId);
    const bytes = this.#bytes.get(requestId);
    if (bytes !== undefined) {
      this.#bytes.delete(requestId);
      const left = this.#bytesByOwner.get(current.owner)! - bytes;
      if (left > 0) this.#bytesByOwner.set(current.owner, left);
      else this.#bytesByOwner.delete(current.owner);
    }
    const { state: _open, ...stored } = current;
    this.#closed.set(requestId, {
      call: { ...stored, state: "closed", outcome },
      forgetAt: Date.now() + this.#retentionMs,
    });
    this.#notify((listener) => listener.closed({ ...stored, outcome }));
    return true;
  }

  async list(filter: PendingCallFilter): Promise<readonly PendingCall[]> {
    const calls: PendingCall[] = [];
    for (const id of this.#byOwner.get(filter.owner) ?? []) {
      const { state: _open, ...call } = this.#open.get(id)!;
      if (filter.conversationId === undefined || call.request.conversationId === filter.conversationId)
        calls.push(call);
    }
    return calls;
  }

  subscribe(listener: PendingCallListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  // A fingerprint names one schema whoever's call needs it: one process keeps it once.
  async putSchema(_owner: string, fingerprint: string, schema: JsonObject, keepUntil: number): Promise<void> {
    const forgetAt = keepUntil + this.#retentionMs;
    const kept = this.#schemas.get(fingerprint);
    if (kept === undefined || kept.forgetAt < forgetAt) this.#schemas.set(fingerprint, { schema, forgetAt });
  }

  async summarize(now: number): Promise<PendingCallsSummary> {
    let overdue = 0;
    for (const { request } of this.#open.values()) if (request.expiresAt <= now) overdue++;
    return { open: this.#open.size - overdue, overdue, instances: [] };
  }

  async getSchema(_owner: string, fingerprint: string): Promise<JsonObject | undefined> {
    const kept = this.#schemas.get(fingerprint);
    if (kept === undefined || kept.forgetAt > Date.now()) return kept?.schema;
    this.#schemas.delete(fingerprint);
    return undefined;
  }

  /** Open and retained closed calls, and the schemas kept: for monitoring, and for tests that check nothing leaks. */
  stats(): { readonly open: number; readonly closed: number; readonly schemas: number } {
    this.#forgetExpired();
    return { open: this.#open.size, closed: this.#closed.size, schemas: this.#schemas.size };
  }

  #openAt(requestId: string, attempt: number): OpenEntry | undefined {
    const current = this.#open.get(requestId);
    return current?.request.attempt === attempt ? current : undefined;
  }

  #forgetExpired(): void {
    const now = Date.now();
    // Schemas are not kept in the order they expire (storing one again lengthens its time), so they
    // are swept at most once a second rather than on every call; getSchema never returns an expired one.
    if (now >= this.#nextSchemaSweep) {
      this.#nextSchemaSweep = now + SCHEMA_SWEEP_MS;
      for (const [fingerprint, kept] of this.#schemas) if (kept.forgetAt <= now) this.#schemas.delete(fingerprint);
    }
    for (const [id, entry] of this.#closed) {
      if (entry.forgetAt > now) return;
      this.#closed.delete(id);
      this.#byToolCall.delete(
        toolCallKey({
          owner: entry.call.owner,
          conversationId: entry.call.request.conversationId,
          toolCallId: entry.call.request.toolCallId,
        }),
      );
    }
  }

  #notify(tell: (listener: PendingCallListener) => void): void {
    for (const listener of this.#listeners) {
      try {
        tell(listener);
      } catch (error) {
        // The change has happened and the caller made it; a broken listener must not turn
        // that into a rejection. Rethrown outside, where it is reported as uncaught.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}

function storedOpen(owner: string, call: PendingCall): OpenEntry {
  return {
    state: "open",
    owner,
    request: call.request,
    ...(call.tool !== undefined && { tool: call.tool }),
    ...(call.claimed === true && { claimed: true }),
  };
}

function toolCallKey({ owner, conversationId, toolCallId }: ToolCallAddress): string {
  return JSON.stringify([owner, conversationId, toolCallId]);
}
