import type { SharedBudgetRefusal, SharedOwnerBudget } from "../../../registry/shared-budget.js";
import type { JsonObject } from "../../../util/json.js";
import type { ClientCallOutcome } from "../../../wire/outcome.js";
import { reportError } from "../../report-error.js";
import { DEFAULT_CLOSED_RETENTION_MS } from "../memory-store.js";
import {
  type ClientCallsInstance,
  type ClosedCall,
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
} from "../store.js";
import { RedisCommands, type RedisConnectionLike } from "./commands.js";
import { RedisConversationBudget } from "./conversation-budget.js";
import { claimExpiredIn } from "./expired-calls.js";
import { DEFAULT_PARTS, RedisKeys } from "./keys.js";
import { type ChannelNotice, RedisNotices } from "./notices.js";
import { OwnerCalls } from "./owner-calls.js";
import { RedisReplication } from "./replication.js";
import { CLOSE, COUNT_INVALID, OPEN, PUT_SCHEMA, REISSUE, RESTORE_ENDED } from "./scripts.js";
import {
  DEFAULT_MIN_REPLICAS_TIMEOUT_MS,
  DEFAULT_OPERATION_TIMEOUT_MS,
  type RedisPendingCallStoreOptions,
} from "./store-options.js";
import { reportInstance, summarize } from "./summary.js";

/**
 * The pending calls of every instance in one Redis (directly or through Sentinel), or one Redis Cluster: an answer
 * posted to any instance ends the call (compare-and-set in a Lua script, see scripts.ts), and every instance hears of
 * each end (pub/sub), so the instance awaiting `dispatch` gets the outcome. Each call's deadline is kept in Redis, and
 * every broker sweeps the expired ones (`claimExpired`). Keys expire: an open call past its deadline by the retention
 * period, an ended one after the retention period. Calls in Redis survive a restart of any instance. The client is the
 * caller's: connect it before, and close it after `disconnect()`.
 */
export class RedisPendingCallStore implements PendingCallStore, SharedOwnerBudget {
  readonly #commands: RedisCommands;
  readonly #keys: RedisKeys;
  readonly #retentionMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #notices: RedisNotices;
  readonly #replication: RedisReplication;
  readonly #ownerCalls: OwnerCalls;
  readonly #conversations: RedisConversationBudget;

  constructor(client: RedisConnectionLike, options: RedisPendingCallStoreOptions = {}) {
    this.#keys = new RedisKeys(options.keyPrefix ?? "gct:", options.parts ?? DEFAULT_PARTS);
    this.#retentionMs = options.closedRetentionMs ?? DEFAULT_CLOSED_RETENTION_MS;
    this.#onError = options.onError ?? ((error) => reportError(error, "Redis store"));
    this.#commands = new RedisCommands(
      client,
      options.operationTimeoutMs ?? DEFAULT_OPERATION_TIMEOUT_MS,
      this.#onError,
    );
    this.#ownerCalls = new OwnerCalls(this.#commands, this.#keys, (requestId, owner) => this.get(requestId, owner));
    this.#conversations = new RedisConversationBudget(this.#commands, this.#keys, this.#onError);
    this.#notices = new RedisNotices(this.#commands, this.#keys.channel(), this.#onError);
    this.#replication = new RedisReplication(
      this.#commands,
      this.#keys.channel(),
      options.minReplicas ?? 0,
      options.minReplicasTimeoutMs ?? DEFAULT_MIN_REPLICAS_TIMEOUT_MS,
    );
  }

  async open(call: PendingCall, options: PendingCallOpenOptions = {}): Promise<void> {
    const opened = await this.#open(call, options);
    // At the limit, the owner's set may still count calls that expired: they go, and the open is tried once more.
    const result =
      (opened === 3 || opened === 4) && (await this.#ownerCalls.prune(call.owner)) > 0
        ? await this.#open(call, options)
        : opened;
    const { conversationId, toolCallId } = call.request;
    if (result === 2) throw new DuplicateToolCallError(conversationId, toolCallId);
    if (result === 3) throw new OpenCallLimitError(call.owner, options.maxOpenPerOwner ?? 0);
    if (result === 4)
      throw new OpenCallLimitError(call.owner, options.maxOpenBytesPerOwner ?? 0, "maxOpenCallBytesPerOwner");
    if (result !== 1) throw new Error(`Duplicate client tool request id ${call.request.requestId}.`);
    const notice: ChannelNotice = { requested: call };
    await this.#replication.written(this.#keys.call(this.#keys.partOf(call.owner), call.request.requestId), notice);
  }

  async findByToolCall(address: ToolCallAddress): Promise<StoredCall | undefined> {
    const part = this.#keys.partOf(address.owner);
    const requestId = await this.#commands.send(this.#keys.toolCall(part, address), [
      "GET",
      this.#keys.toolCall(part, address),
    ]);
    return typeof requestId === "string" ? this.get(requestId, address.owner) : undefined;
  }

  async get(requestId: string, owner: string): Promise<StoredCall | undefined> {
    const key = this.#keys.call(this.#keys.partOf(owner), requestId);
    const data = await this.#commands.send(key, ["HGET", key, "data"]);
    const call = typeof data === "string" ? (JSON.parse(data) as StoredCall) : undefined;
    return call?.owner === owner ? call : undefined;
  }

  async countInvalidAnswer(requestId: string, owner: string): Promise<number> {
    return Number(await this.#commands.eval(COUNT_INVALID, [this.#keys.call(this.#keys.partOf(owner), requestId)], []));
  }

  async reissue(next: PendingCall, expectedAttempt: number): Promise<boolean> {
    const current = await this.get(next.request.requestId, next.owner);
    if (current?.state !== "open") return false;
    const part = this.#keys.partOf(next.owner);
    const stored: StoredCall = { ...next, state: "open" };
    const notice: ChannelNotice = { requested: next };
    const key = this.#keys.call(part, next.request.requestId);
    const done = await this.#commands.eval(
      REISSUE,
      [key, this.#keys.toolCall(part, { owner: next.owner, ...current.request })],
      [
        JSON.stringify(stored),
        String(expectedAttempt),
        String(this.#openTtl(next)),
        String(next.request.attempt),
        this.#replication.scriptChannel,
        JSON.stringify(notice),
      ],
    );
    if (done !== 1) return false;
    await this.#replication.written(key, notice);
    return true;
  }

  async close(current: PendingCall, outcome: ClientCallOutcome): Promise<boolean> {
    const { requestId, attempt } = current.request;
    const call: PendingCall = {
      owner: current.owner,
      request: current.request,
      ...(current.tool !== undefined && { tool: current.tool }),
    };
    const closed: ClosedCall = { ...call, outcome };
    const stored: StoredCall = { state: "closed", ...closed };
    const notice: ChannelNotice = { closed };
    const done = await this.#commands.eval(CLOSE, this.#endKeys(current), [
      JSON.stringify(stored),
      String(attempt),
      String(this.#retentionMs),
      requestId,
      this.#replication.scriptChannel,
      JSON.stringify(notice),
    ]);
    if (done !== 1) return false;
    await this.#replication.written(this.#keys.call(this.#keys.partOf(current.owner), requestId), notice);
    return true;
  }

  async restoreEnded(closed: ClosedCall): Promise<ClientCallOutcome | undefined> {
    const { requestId } = closed.request;
    const stored: StoredCall = { state: "closed", ...closed };
    const notice: ChannelNotice = { closed };
    const done = await this.#commands.eval(RESTORE_ENDED, this.#endKeys(closed), [
      JSON.stringify(stored),
      String(this.#retentionMs),
      requestId,
      this.#replication.scriptChannel,
      JSON.stringify(notice),
    ]);
    if (typeof done === "string") return (JSON.parse(done) as ClosedCall).outcome;
    await this.#replication.written(this.#keys.call(this.#keys.partOf(closed.owner), requestId), notice);
    return undefined;
  }

  async list(filter: PendingCallFilter): Promise<readonly PendingCall[]> {
    const calls = await this.#ownerCalls.list(filter.owner);
    return calls.filter(
      (call) => filter.conversationId === undefined || call.request.conversationId === filter.conversationId,
    );
  }

  /**
   * Resolves once the store's subscription is live (or has failed, which `onError` has said): a
   * call opened after it is heard by every instance, this one included. The broker waits for it
   * before its first call.
   */
  ready(): Promise<void> {
    return this.#notices.ready();
  }

  /** How many messages on the store's channel were not its own, and were dropped. */
  get droppedNotices(): number {
    return this.#notices.dropped;
  }

  subscribe(listener: PendingCallListener): () => void {
    return this.#notices.subscribe(listener);
  }

  /**
   * The open calls whose deadline has passed, up to `limit` from each part, each claimed by this
   * instance for `leaseMs` (no other instance is given it meanwhile; after it, one is, should
   * this one not have ended it). Every instance's broker sweeps: the deadline lives in Redis, so
   * a call whose dispatcher died still ends at it.
   */
  async claimExpired(now: number, limit: number, leaseMs: number): Promise<readonly PendingCall[]> {
    const parts = Array.from({ length: this.#keys.parts }, (_, part) => part);
    const claimed = await Promise.all(
      parts.map((part) => claimExpiredIn(this.#commands, this.#keys, part, { now, limit, leaseMs })),
    );
    return claimed.flat();
  }

  async putSchema(owner: string, fingerprint: string, schema: JsonObject, keepUntil: number): Promise<void> {
    const keepMs = Math.max(1, keepUntil - Date.now()) + this.#retentionMs;
    const key = this.#keys.schema(this.#keys.partOf(owner), fingerprint);
    await this.#commands.eval(PUT_SCHEMA, [key], [JSON.stringify(schema), String(keepMs)]);
  }

  async getSchema(owner: string, fingerprint: string): Promise<JsonObject | undefined> {
    const key = this.#keys.schema(this.#keys.partOf(owner), fingerprint);
    const data = await this.#commands.send(key, ["GET", key]);
    return typeof data === "string" ? (JSON.parse(data) as JsonObject) : undefined;
  }

  reportInstance(instance: ClientCallsInstance, ttlMs: number): Promise<void> {
    return reportInstance(this.#commands, this.#keys, instance, ttlMs);
  }

  summarize(now: number): Promise<PendingCallsSummary> {
    return summarize(this.#commands, this.#keys, now);
  }

  holdConversation(
    ...args: Parameters<SharedOwnerBudget["holdConversation"]>
  ): Promise<SharedBudgetRefusal | undefined> {
    return this.#conversations.hold(...args);
  }

  releaseConversation(owner: string, conversationId: string): Promise<void> {
    return this.#conversations.release(owner, conversationId);
  }

  /** Closes the store's own subscribing connection (the caller's client stays open). */
  disconnect(): Promise<void> {
    return this.#notices.disconnect();
  }

  #open(call: PendingCall, options: PendingCallOpenOptions): Promise<unknown> {
    const { requestId, attempt, expiresAt } = call.request;
    const part = this.#keys.partOf(call.owner);
    const stored: StoredCall = { ...call, state: "open" };
    const notice: ChannelNotice = { requested: call };
    const schema =
      call.tool !== undefined && options.outputSchema !== undefined ? JSON.stringify(options.outputSchema) : "";
    const keys = [
      this.#keys.call(part, requestId),
      this.#keys.owner(part, call.owner),
      this.#keys.sequence(part),
      this.#keys.toolCall(part, { owner: call.owner, ...call.request }),
      this.#keys.schema(part, call.tool?.outputSchema ?? ""),
      this.#keys.deadlines(part),
      this.#keys.ownerBytes(part, call.owner),
    ];
    const max = String(options.maxOpenPerOwner ?? 0);
    const maxBytes = String(options.maxOpenBytesPerOwner ?? 0);
    const args = [
      JSON.stringify(stored),
      String(this.#openTtl(call)),
      requestId,
      String(attempt),
      max,
      this.#replication.scriptChannel,
      JSON.stringify(notice),
      schema,
      String(expiresAt),
      maxBytes,
      String(options.bytes ?? 0),
    ];
    return this.#commands.eval(OPEN, keys, args);
  }

  /** What ending a call touches: the call, the owner's open set, its toolCallId key, the deadlines, the owner's bytes. */
  #endKeys(call: PendingCall): string[] {
    const part = this.#keys.partOf(call.owner);
    return [
      this.#keys.call(part, call.request.requestId),
      this.#keys.owner(part, call.owner),
      this.#keys.toolCall(part, { owner: call.owner, ...call.request }),
      this.#keys.deadlines(part),
      this.#keys.ownerBytes(part, call.owner),
    ];
  }

  /**
   * An open call is kept past its deadline by the retention period, so a late answer finds it (and the dispatcher's
   * timer reads it).
   */
  #openTtl(call: PendingCall): number {
    return Math.max(1, call.request.expiresAt - Date.now()) + this.#retentionMs;
  }
}
