import type { JsonObject } from "../../schema/json.js";
import type { ClientCallOutcome } from "../../wire/outcome.js";
import { DEFAULT_CLOSED_RETENTION_MS } from "../memory-store.js";
import { reportError } from "../report-error.js";
import {
  type ClosedCall,
  DuplicateToolCallError,
  OpenCallLimitError,
  type PendingCall,
  type PendingCallFilter,
  type PendingCallListener,
  type PendingCallOpenOptions,
  type PendingCallStore,
  type StoredCall,
  type ToolCallAddress,
} from "../store.js";
import { RedisCommands, type RedisConnectionLike, type RedisSubscriberLike } from "./commands.js";
import { DEFAULT_PARTS, RedisKeys } from "./keys.js";
import { CLAIM_EXPIRED, CLOSE, COUNT_INVALID, OPEN, PUT_SCHEMA, REISSUE } from "./scripts.js";

export interface RedisPendingCallStoreOptions {
  /** Prepended to every key and the channel, so that several deployments share one Redis; default `gct:`. */
  readonly keyPrefix?: string;
  /** How long an ended call is remembered (a late answer gets 409 instead of 404); default 10 minutes. */
  readonly closedRetentionMs?: number;
  /**
   * Where a notice that cannot be read, a subscription that fails or a lost connection is reported; default: a warning
   * on the process (`process.on("warning")`).
   */
  readonly onError?: (error: unknown) => void;
  /**
   * How long a store operation waits for Redis; past it, it fails with
   * `ClientCallStoreUnavailableError` (503 to a client), and so does one that finds the
   * connection gone. Default 2,000 ms. Create the client with `disableOfflineQueue: true`, so
   * that a command is never held for a connection that comes back after its caller gave up.
   */
  readonly operationTimeoutMs?: number;
  /**
   * How many parts the owners' calls are kept in, each part in one hash slot (a cluster spreads
   * the parts over its masters; every instance sweeps each part's deadlines). Default 16. Every
   * instance must use the same number: changing it is a new layout, under a new `keyPrefix`.
   */
  readonly parts?: number;
}

/** The store's default wait for Redis. */
export const DEFAULT_OPERATION_TIMEOUT_MS = 2_000;

/**
 * The pending calls of every instance in one Redis (directly or through Sentinel), or one Redis Cluster: an answer
 * posted to any instance ends the call (compare-and-set in a Lua script, see scripts.ts), and every instance hears of
 * each end (pub/sub), so the instance awaiting `dispatch` gets the outcome. Each call's deadline is kept in Redis, and
 * every broker sweeps the expired ones (`claimExpired`). Keys expire: an open call past its deadline by the retention
 * period, an ended one after the retention period. Calls in Redis survive a restart of any instance. The client is the
 * caller's: connect it before, and close it after `disconnect()`.
 */
export class RedisPendingCallStore implements PendingCallStore {
  readonly #commands: RedisCommands;
  readonly #keys: RedisKeys;
  readonly #retentionMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #listeners = new Set<PendingCallListener>();
  #subscriber: Promise<RedisSubscriberLike> | undefined;
  #dropped = 0;

  constructor(client: RedisConnectionLike, options: RedisPendingCallStoreOptions = {}) {
    this.#keys = new RedisKeys(options.keyPrefix ?? "gct:", options.parts ?? DEFAULT_PARTS);
    this.#retentionMs = options.closedRetentionMs ?? DEFAULT_CLOSED_RETENTION_MS;
    this.#onError = options.onError ?? ((error) => reportError(error, "Redis store"));
    this.#commands = new RedisCommands(
      client,
      options.operationTimeoutMs ?? DEFAULT_OPERATION_TIMEOUT_MS,
      this.#onError,
    );
  }

  async open(call: PendingCall, options: PendingCallOpenOptions = {}): Promise<void> {
    const opened = await this.#open(call, options);
    // At the limit, the owner's set may still count calls that expired: they go, and the open is tried once more.
    const result =
      (opened === 3 || opened === 4) && (await this.#pruneOwner(call.owner)) > 0
        ? await this.#open(call, options)
        : opened;
    const { conversationId, toolCallId } = call.request;
    if (result === 2) throw new DuplicateToolCallError(conversationId, toolCallId);
    if (result === 3) throw new OpenCallLimitError(call.owner, options.maxOpenPerOwner ?? 0);
    if (result === 4)
      throw new OpenCallLimitError(call.owner, options.maxOpenBytesPerOwner ?? 0, "maxOpenCallBytesPerOwner");
    if (result !== 1) throw new Error(`Duplicate client tool request id ${call.request.requestId}.`);
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
    const done = await this.#commands.eval(
      REISSUE,
      [
        this.#keys.call(part, next.request.requestId),
        this.#keys.toolCall(part, { owner: next.owner, ...current.request }),
      ],
      [
        JSON.stringify(stored),
        String(expectedAttempt),
        String(this.#openTtl(next)),
        String(next.request.attempt),
        this.#keys.channel(),
        JSON.stringify(notice),
      ],
    );
    return done === 1;
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
    const part = this.#keys.partOf(current.owner);
    const done = await this.#commands.eval(
      CLOSE,
      [
        this.#keys.call(part, requestId),
        this.#keys.owner(part, current.owner),
        this.#keys.toolCall(part, { owner: current.owner, ...current.request }),
        this.#keys.deadlines(part),
        this.#keys.ownerBytes(part, current.owner),
      ],
      [
        JSON.stringify(stored),
        String(attempt),
        String(this.#retentionMs),
        requestId,
        this.#keys.channel(),
        JSON.stringify(notice),
      ],
    );
    return done === 1;
  }

  async list(filter: PendingCallFilter): Promise<readonly PendingCall[]> {
    const calls = await this.#ownerCalls(filter.owner);
    return calls.filter(
      (call) => filter.conversationId === undefined || call.request.conversationId === filter.conversationId,
    );
  }

  /**
   * Resolves once the store's subscription is live (or has failed, which `onError` has said): a
   * call opened after it is heard by every instance, this one included. The broker waits for it
   * before its first call.
   */
  async ready(): Promise<void> {
    await (this.#subscriber ??= this.#connectSubscriber());
  }

  /** How many messages on the store's channel were not its own, and were dropped. */
  get droppedNotices(): number {
    return this.#dropped;
  }

  subscribe(listener: PendingCallListener): () => void {
    this.#listeners.add(listener);
    this.#subscriber ??= this.#connectSubscriber();
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /**
   * The open calls whose deadline has passed, up to `limit` from each part, each claimed by this
   * instance for `leaseMs` (no other instance is given it meanwhile; after it, one is, should
   * this one not have ended it). Every instance's broker sweeps: the deadline lives in Redis, so
   * a call whose dispatcher died still ends at it.
   */
  async claimExpired(now: number, limit: number, leaseMs: number): Promise<readonly PendingCall[]> {
    const parts = Array.from({ length: this.#keys.parts }, (_, part) => part);
    const claimed = await Promise.all(parts.map((part) => this.#claimExpiredIn(part, now, limit, leaseMs)));
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

  /** Closes the store's own subscribing connection (the caller's client stays open). */
  async disconnect(): Promise<void> {
    const subscriber = this.#subscriber;
    this.#subscriber = undefined;
    if (subscriber !== undefined) await (await subscriber).close();
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
      this.#keys.channel(),
      JSON.stringify(notice),
      schema,
      String(expiresAt),
      maxBytes,
      String(options.bytes ?? 0),
    ];
    return this.#commands.eval(OPEN, keys, args);
  }

  /**
   * The owner's open calls, oldest first; ids of calls no longer open (ended, or expired in Redis) leave the owner's
   * set.
   */
  async #ownerCalls(owner: string): Promise<PendingCall[]> {
    const ownerKey = this.#keys.owner(this.#keys.partOf(owner), owner);
    const ids = (await this.#commands.send(ownerKey, ["ZRANGE", ownerKey, "0", "-1"])) as string[];
    const calls = await Promise.all(ids.map((id) => this.get(id, owner)));
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

  /** How many ids of calls no longer open left the owner's set. */
  async #pruneOwner(owner: string): Promise<number> {
    const ownerKey = this.#keys.owner(this.#keys.partOf(owner), owner);
    const before = Number(await this.#commands.send(ownerKey, ["ZCARD", ownerKey]));
    return before - (await this.#ownerCalls(owner)).length;
  }

  async #claimExpiredIn(part: number, now: number, limit: number, leaseMs: number): Promise<PendingCall[]> {
    const deadlines = this.#keys.deadlines(part);
    const ids = await this.#commands.eval(CLAIM_EXPIRED, [deadlines], [String(now), String(leaseMs), String(limit)]);
    if (!Array.isArray(ids) || ids.length === 0) return [];
    const calls = await Promise.all(
      ids.map(async (id: unknown) => {
        const key = this.#keys.call(part, String(id));
        const data = await this.#commands.send(key, ["HGET", key, "data"]);
        return typeof data === "string" ? (JSON.parse(data) as StoredCall) : undefined;
      }),
    );
    const gone = ids.filter((_, i) => calls[i]?.state !== "open").map(String);
    if (gone.length > 0) await this.#commands.send(deadlines, ["ZREM", deadlines, ...gone]);
    return calls
      .filter((call): call is StoredCall & { state: "open" } => call?.state === "open")
      .map(({ state: _open, ...call }) => call);
  }

  async #connectSubscriber(): Promise<RedisSubscriberLike> {
    const subscriber = this.#commands.subscriber();
    let subscribed = false;
    // Back after a lost connection (the client subscribes again by itself): changes made meanwhile
    // were not heard, and the calls may be gone (a Redis back without its data). Said once the
    // commands' connection answers too, so that listeners can read the calls again at once.
    subscriber.on(this.#commands.cluster ? "node-ready" : "ready", () => subscribed && void this.#gapWhenServing());
    try {
      await subscriber.connect();
      await subscriber.subscribe(this.#keys.channel(), (message) => this.#notify(message));
      subscribed = true;
      // Changes made before the subscription started were not heard either.
      this.#gap();
    } catch (error) {
      this.#onError(error);
    }
    return subscriber;
  }

  #gap(): void {
    this.#tell((listener) => listener.gap?.());
  }

  async #gapWhenServing(): Promise<void> {
    // Both connections reconnect on their own; the commands' one may still be on its way.
    for (let tries = 0; tries < 50; tries++) {
      try {
        await this.#commands.send(undefined, ["PING"]);
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    this.#gap();
  }

  #notify(message: string): void {
    // Anyone with access to Redis can publish on the channel: a message that is not the store's
    // own is dropped, and the subscription goes on.
    const notice = readNotice(message);
    if (notice === undefined) {
      if (this.#dropped++ === 0)
        this.#onError(
          new Error(
            `a message on ${this.#keys.channel()} is not one of the store's own notices: dropped (this one and any after it, counted in droppedNotices)`,
          ),
        );
      return;
    }
    if ("closed" in notice) this.#tell((listener) => listener.closed(notice.closed));
    else this.#tell((listener) => listener.requested(notice.requested));
  }

  #tell(tell: (listener: PendingCallListener) => void): void {
    for (const listener of this.#listeners) {
      try {
        tell(listener);
      } catch (error) {
        this.#onError(error);
      }
    }
  }

  /**
   * An open call is kept past its deadline by the retention period, so a late answer finds it (and the dispatcher's
   * timer reads it).
   */
  #openTtl(call: PendingCall): number {
    return Math.max(1, call.request.expiresAt - Date.now()) + this.#retentionMs;
  }
}

/** One message on the store's channel: every instance hears each open, re-send and close, in order. */
type ChannelNotice = { readonly requested: PendingCall } | { readonly closed: ClosedCall };

/** The notice a message holds, when it is one of the store's own (the shape `open`, `reissue` and `close` publish). */
function readNotice(message: string): ChannelNotice | undefined {
  let value: unknown;
  try {
    value = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1) return undefined;
  if (keys[0] === "requested") return isCall(value["requested"]) ? (value as ChannelNotice) : undefined;
  if (keys[0] === "closed") {
    const closed = value["closed"];
    return isCall(closed) && isRecord(closed["outcome"]) && typeof closed["outcome"]["status"] === "string"
      ? (value as ChannelNotice)
      : undefined;
  }
  return undefined;
}

function isCall(value: unknown): value is Record<string, unknown> & { readonly request: Record<string, unknown> } {
  if (!isRecord(value) || typeof value["owner"] !== "string" || !isRecord(value["request"])) return false;
  const request = value["request"];
  return (
    typeof request["requestId"] === "string" &&
    typeof request["conversationId"] === "string" &&
    typeof request["toolCallId"] === "string" &&
    typeof request["attempt"] === "number"
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
