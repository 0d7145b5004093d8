import type { JsonObject } from "../../schema/json.js";
import type { ClientCallOutcome } from "../../wire/outcome.js";
import { ClientCallStoreUnavailableError } from "../../wire/errors.js";
import { DuplicateToolCallError, OpenCallLimitError, type ClosedCall, type PendingCall, type PendingCallFilter, type PendingCallOpenOptions, type PendingCallListener, type PendingCallStore, type StoredCall } from "../store.js";
import { DEFAULT_CLOSED_RETENTION_MS } from "../memory-store.js";
import { CLAIM_EXPIRED, CLOSE, FIND_BY_TOOL_CALL, OPEN, PUT_SCHEMA, REISSUE } from "./scripts.js";

/**
 * What the store needs of a client of the official `redis` package (`createClient()`, connected):
 * commands, and a second connection for the notices (a subscribed connection takes no commands).
 */
export interface RedisClientLike {
  sendCommand(args: readonly string[]): Promise<unknown>;
  duplicate(): RedisSubscriberLike;
  /**
   * An EventEmitter's, as the official client has them: where nothing listens for the client's
   * `error` events, the store does, so that a lost connection never ends the process.
   */
  on?(event: "error", listener: (error: unknown) => void): unknown;
  listenerCount?(event: "error"): number;
}

/** The subscribing connection `duplicate()` gives. */
export interface RedisSubscriberLike {
  /** Its `error` events (a lost connection, while it reconnects: an unheard one would end the process), and `ready` once it is back. */
  on(event: "error" | "ready", listener: (error: unknown) => void): unknown;
  connect(): Promise<unknown>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  close(): Promise<unknown>;
}

export interface RedisPendingCallStoreOptions {
  /** Prepended to every key and the channel, so that several deployments share one Redis; default `gct:`. */
  readonly keyPrefix?: string;
  /** How long an ended call is remembered (a late answer gets 409 instead of 404); default 10 minutes. */
  readonly closedRetentionMs?: number;
  /** Where a notice that cannot be read, a subscription that fails or a lost connection is reported; default `console.error`. */
  readonly onError?: (error: unknown) => void;
  /**
   * How long a store operation waits for Redis; past it, it fails with
   * `ClientCallStoreUnavailableError` (503 to a client), and so does one that finds the
   * connection gone. Default 2,000 ms. Create the client with `disableOfflineQueue: true`, so
   * that a command is never held for a connection that comes back after its caller gave up.
   */
  readonly operationTimeoutMs?: number;
}

/** The store's default wait for Redis. */
export const DEFAULT_OPERATION_TIMEOUT_MS = 2_000;

// The official client's errors for a connection that is gone, closed or too slow (a reply
// error, Redis refusing a command, is another matter: it is passed on as it is).
const CONNECTION_ERRORS = new Set([
  "ClientOfflineError",
  "ClientClosedError",
  "SocketClosedUnexpectedlyError",
  "ConnectionTimeoutError",
  "SocketTimeoutError",
  "ReconnectStrategyError",
  "DisconnectsClientError",
  "RootNodesUnavailableError",
]);

/**
 * The pending calls of every instance in one Redis: an answer posted to any instance ends the
 * call (compare-and-set in a Lua script, see scripts.ts), and every instance hears of each end
 * (pub/sub), so the instance awaiting `dispatch` gets the outcome. An open call expires with its
 * deadline (a Redis TTL, past `expiresAt` by the retention period), and an ended one after the
 * retention period: Redis holds no call key longer. Calls in Redis survive a restart of any
 * instance. The client is the caller's: connect it before, and close it after `disconnect()`.
 */
export class RedisPendingCallStore implements PendingCallStore {
  readonly #client: RedisClientLike;
  readonly #prefix: string;
  readonly #retentionMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #timeoutMs: number;
  readonly #listeners = new Set<PendingCallListener>();
  /** Whether the present run of connection errors has been reported (one report an outage). */
  #outageReported = false;
  #subscriber: Promise<RedisSubscriberLike> | undefined;
  #dropped = 0;

  constructor(client: RedisClientLike, options: RedisPendingCallStoreOptions = {}) {
    this.#client = client;
    this.#prefix = options.keyPrefix ?? "gct:";
    this.#retentionMs = options.closedRetentionMs ?? DEFAULT_CLOSED_RETENTION_MS;
    this.#onError = options.onError ?? ((error) => console.error("gen-client-tools: Redis store:", error));
    this.#timeoutMs = options.operationTimeoutMs ?? DEFAULT_OPERATION_TIMEOUT_MS;
    if (client.on !== undefined && (client.listenerCount?.("error") ?? 0) === 0) client.on("error", (error) => this.#connectionLost(error));
  }

  async open(call: PendingCall, options: PendingCallOpenOptions = {}): Promise<void> {
    const { requestId, attempt } = call.request;
    const stored: StoredCall = { ...call, state: "open" };
    const { conversationId, toolCallId } = call.request;
    const schema = call.tool !== undefined && options.outputSchema !== undefined ? { key: this.#schemaKey(call.tool.outputSchema), json: JSON.stringify(options.outputSchema) } : undefined;
    const keys = [this.#callKey(requestId), this.#ownerKey(call.owner), `${this.#prefix}seq`, this.#toolCallKey(conversationId, toolCallId), schema?.key ?? this.#schemaKey(""), this.#deadlinesKey()];
    const max = options.maxOpenPerOwner ?? 0;
    const notice: ChannelNotice = { requested: call };
    const ttl = String(this.#openTtl(call));
    const args = [JSON.stringify(stored), ttl, requestId, String(attempt), String(max), this.#callKey(""), this.#channel(), JSON.stringify(notice), schema?.json ?? "", ttl, String(call.request.expiresAt)];
    const opened = await this.#eval(OPEN, keys, args);
    if (opened === 2) throw new DuplicateToolCallError(conversationId, toolCallId);
    if (opened === 3) throw new OpenCallLimitError(call.owner, max);
    if (opened !== 1) throw new Error(`Duplicate client tool request id ${requestId}.`);
  }

  async findByToolCall(conversationId: string, toolCallId: string): Promise<StoredCall | undefined> {
    const data = await this.#eval(FIND_BY_TOOL_CALL, [this.#toolCallKey(conversationId, toolCallId)], [this.#callKey("")]);
    return typeof data === "string" ? (JSON.parse(data) as StoredCall) : undefined;
  }

  async get(requestId: string): Promise<StoredCall | undefined> {
    const data = await this.#command(["HGET", this.#callKey(requestId), "data"]);
    return typeof data === "string" ? (JSON.parse(data) as StoredCall) : undefined;
  }

  async reissue(next: PendingCall, expectedAttempt: number): Promise<boolean> {
    const current = await this.get(next.request.requestId);
    if (current?.state !== "open") return false;
    // The owner stays the call's, whoever re-sends it.
    const call: PendingCall = { ...next, owner: current.owner };
    const stored: StoredCall = { ...call, state: "open" };
    const notice: ChannelNotice = { requested: call };
    const done = await this.#eval(
      REISSUE,
      [this.#callKey(next.request.requestId), this.#toolCallKey(current.request.conversationId, current.request.toolCallId)],
      [JSON.stringify(stored), String(expectedAttempt), String(this.#openTtl(next)), String(next.request.attempt), this.#channel(), JSON.stringify(notice)],
    );
    return done === 1;
  }

  async close(requestId: string, expectedAttempt: number, outcome: ClientCallOutcome, known?: PendingCall): Promise<boolean> {
    // The call as the caller read it at this attempt is the call as stored (the script still compares the attempt).
    const current = known !== undefined && known.request.requestId === requestId && known.request.attempt === expectedAttempt ? known : await this.get(requestId);
    if (current === undefined || ("state" in current && current.state !== "open")) return false;
    const call: PendingCall = { owner: current.owner, request: current.request, ...(current.tool !== undefined && { tool: current.tool }) };
    const closed: ClosedCall = { ...call, outcome };
    const stored: StoredCall = { state: "closed", ...closed };
    const notice: ChannelNotice = { closed };
    const done = await this.#eval(
      CLOSE,
      [this.#callKey(requestId), this.#ownerKey(current.owner), this.#toolCallKey(current.request.conversationId, current.request.toolCallId), this.#deadlinesKey()],
      [JSON.stringify(stored), String(expectedAttempt), String(this.#retentionMs), requestId, this.#channel(), JSON.stringify(notice)],
    );
    return done === 1;
  }

  async list(filter: PendingCallFilter): Promise<readonly PendingCall[]> {
    const ownerKey = this.#ownerKey(filter.owner);
    const ids = (await this.#command(["ZRANGE", ownerKey, "0", "-1"])) as string[];
    const calls = await Promise.all(ids.map((id) => this.get(id)));
    // An open call that expired in Redis left its id in the owner's set: it goes now.
    const gone = ids.filter((_, i) => calls[i]?.state !== "open");
    if (gone.length > 0) await this.#command(["ZREM", ownerKey, ...gone]);
    return calls.filter((call): call is StoredCall & { state: "open" } => call?.state === "open" && (filter.conversationId === undefined || call.request.conversationId === filter.conversationId)).map(({ state: _open, ...call }) => call);
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
   * The open calls whose deadline has passed, each claimed by this instance for `leaseMs` (no
   * other instance is given it meanwhile; after it, one is, should this one not have ended it).
   * Every instance's broker sweeps: the deadline lives in Redis, so a call whose dispatcher died
   * still ends at it.
   */
  async claimExpired(now: number, limit: number, leaseMs: number): Promise<readonly string[]> {
    const claimed = await this.#eval(CLAIM_EXPIRED, [this.#deadlinesKey()], [String(now), String(leaseMs), String(limit), this.#callKey("")]);
    return Array.isArray(claimed) ? claimed.filter((id): id is string => typeof id === "string") : [];
  }

  async putSchema(fingerprint: string, schema: JsonObject, keepUntil: number): Promise<void> {
    const keepMs = Math.max(1, keepUntil - Date.now()) + this.#retentionMs;
    await this.#eval(PUT_SCHEMA, [this.#schemaKey(fingerprint)], [JSON.stringify(schema), String(keepMs)]);
  }

  async getSchema(fingerprint: string): Promise<JsonObject | undefined> {
    const data = await this.#command(["GET", this.#schemaKey(fingerprint)]);
    return typeof data === "string" ? (JSON.parse(data) as JsonObject) : undefined;
  }

  /** Closes the store's own subscribing connection (the caller's client stays open). */
  async disconnect(): Promise<void> {
    const subscriber = this.#subscriber;
    this.#subscriber = undefined;
    if (subscriber !== undefined) await (await subscriber).close();
  }

  async #connectSubscriber(): Promise<RedisSubscriberLike> {
    const subscriber = this.#client.duplicate();
    subscriber.on("error", (error) => this.#onError(error));
    let subscribed = false;
    // Back after a lost connection (the client subscribes again by itself): changes made meanwhile
    // were not heard, and the calls may be gone (a Redis back without its data). Said once the
    // commands' connection answers too, so that listeners can read the calls again at once.
    subscriber.on("ready", () => subscribed && void this.#gapWhenServing());
    try {
      await subscriber.connect();
      await subscriber.subscribe(this.#channel(), (message) => this.#notify(message));
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
        await this.#command(["PING"]);
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
      if (this.#dropped++ === 0) this.#onError(new Error(`a message on ${this.#channel()} is not one of the store's own notices: dropped (this one and any after it, counted in droppedNotices)`));
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

  #eval(script: string, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    return this.#command(["EVAL", script, String(keys.length), ...keys, ...args]);
  }

  /** One command, waited for at most `operationTimeoutMs`; a lost connection is `ClientCallStoreUnavailableError`. */
  async #command(args: readonly string[]): Promise<unknown> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new ClientCallStoreUnavailableError(`no answer from Redis within ${this.#timeoutMs} ms`)), this.#timeoutMs);
    });
    try {
      const sent = this.#client.sendCommand(args);
      // A command given up on may still fail later: that is known already, and not reported again.
      sent.catch(() => {});
      const reply = await Promise.race([sent, timedOut]);
      this.#outageReported = false;
      return reply;
    } catch (error) {
      if (error instanceof ClientCallStoreUnavailableError) throw error;
      if (isConnectionError(error)) throw new ClientCallStoreUnavailableError(`Redis: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  #connectionLost(error: unknown): void {
    if (this.#outageReported) return;
    this.#outageReported = true;
    this.#onError(error);
  }

  /** An open call is kept past its deadline by the retention period, so a late answer finds it (and the dispatcher's timer reads it). */
  #openTtl(call: PendingCall): number {
    return Math.max(1, call.request.expiresAt - Date.now()) + this.#retentionMs;
  }

  #callKey(requestId: string): string {
    return `${this.#prefix}call:${requestId}`;
  }

  /** A JSON pair: no conversation id and toolCallId can spell another pair's key. */
  #toolCallKey(conversationId: string, toolCallId: string): string {
    return `${this.#prefix}toolcall:${JSON.stringify([conversationId, toolCallId])}`;
  }

  #schemaKey(fingerprint: string): string {
    return `${this.#prefix}schema:${fingerprint}`;
  }

  #ownerKey(owner: string): string {
    return `${this.#prefix}owner:${owner}`;
  }

  #deadlinesKey(): string {
    return `${this.#prefix}deadlines`;
  }

  #channel(): string {
    return `${this.#prefix}calls`;
  }
}

/** One message on the store's channel: every instance hears each open, re-send and close, in order. */
type ChannelNotice = { readonly requested: PendingCall } | { readonly closed: ClosedCall };

function isConnectionError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { readonly code?: unknown }).code;
  return CONNECTION_ERRORS.has(error.constructor.name) || (typeof code === "string" && /^E[A-Z]+$/.test(code));
}

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
    return isCall(closed) && isRecord(closed["outcome"]) && typeof closed["outcome"]["status"] === "string" ? (value as ChannelNotice) : undefined;
  }
  return undefined;
}

function isCall(value: unknown): value is Record<string, unknown> & { readonly request: Record<string, unknown> } {
  if (!isRecord(value) || typeof value["owner"] !== "string" || !isRecord(value["request"])) return false;
  const request = value["request"];
  return typeof request["requestId"] === "string" && typeof request["conversationId"] === "string" && typeof request["toolCallId"] === "string" && typeof request["attempt"] === "number";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
