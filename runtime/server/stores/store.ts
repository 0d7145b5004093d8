import type { ClientToolRecovery } from "../../tool-spec/types.js";
import type { JsonObject } from "../../util/json.js";
import type { ClientToolRequest } from "../../wire/messages.js";
import type { ClientCallOutcome } from "../../wire/outcome.js";

/**
 * What checking and re-sending a call's answers needs of its tool, kept with the call, so that
 * an instance that never saw the call's conversation (or its registration) still handles them.
 */
export interface PendingCallTool {
  /** The fingerprint of the tool's parameters, which a page's contract is compared with; absent in older records. */
  readonly parameters?: string;
  /** The fingerprint of the tool's outputSchema; the schema itself is stored once per fingerprint (`putSchema`). */
  readonly outputSchema: string;
  /** How long the client has for each attempt. */
  readonly timeoutSeconds: number;
  /** How many attempts a retryable error may take the call to (1: never sent again). */
  readonly maxAttempts: number;
  /** What becomes of the call when its dispatcher died or its client went away; absent in older records: `"wait"`. */
  readonly recovery?: ClientToolRecovery;
  /** Earlier versions of the tool a page may still run the call with (the spec's `fingerprints.compatible`). */
  readonly compatible?: readonly string[];
}

/** An open call: the request as the client last received it, who may answer it, and what answering it needs. */
export interface PendingCall {
  readonly owner: string;
  readonly request: ClientToolRequest;
  /** Absent in records written before calls carried their tool: then the answering instance must know the tool. */
  readonly tool?: PendingCallTool;
  /**
   * A private input was submitted and is with the server's handler (the value itself is never
   * stored): the call waits for that alone, is offered to no client, and refuses every answer.
   */
  readonly claimed?: true;
}

/** A call that has ended, kept for a while so a late answer gets 409 (not 404) and a lost notice can be recovered. */
export interface ClosedCall extends PendingCall {
  readonly outcome: ClientCallOutcome;
}

export type StoredCall = ({ readonly state: "open" } & PendingCall) | ({ readonly state: "closed" } & ClosedCall);

/** What `PendingCallStore#subscribe` tells, in the order the store made the changes. */
export interface PendingCallListener {
  /** A call was opened, or re-sent (a new attempt). */
  readonly requested: (call: PendingCall) => void;
  readonly closed: (closed: ClosedCall) => void;
  /**
   * When the store can miss notices (a subscription that starts, or starts again after a lost
   * connection), called once it hears again: what changed in between was not heard.
   */
  readonly gap?: () => void;
}

/** Where a call is found by its conversation and toolCallId: the owner is part of a call's address. */
export interface ToolCallAddress {
  readonly owner: string;
  readonly conversationId: string;
  readonly toolCallId: string;
}

export interface PendingCallFilter {
  readonly owner: string;
  readonly conversationId?: string;
}

/**
 * Where the broker keeps every call; the broker holds nothing else but timers and the
 * promises of its own dispatches. The in-memory store is the default; a store shared by
 * several server processes (a database, Redis) implements the same methods:
 *
 * - `close` and `reissue` are compare-and-set on (requestId, state open, attempt): of all
 *   processes racing to end or re-send one call, exactly one gets `true`. That is what
 *   makes "the first valid answer wins" hold across processes.
 * - `subscribe` delivers every close made by any process, so the process that dispatched
 *   the call (the only one holding its promise) learns the outcome, and every open and
 *   re-send, so the process holding the owner's connection sends the request on. Delivery may
 *   be late, lost or repeated: the broker ignores calls it does not wait for, reads its calls
 *   again from `get` when the store reports a gap, and when its timer fires; so keep a closed
 *   call for a retention period longer than any tool's timeout.
 * - A call is one owner's: every read names the owner, and a store may keep each owner's calls
 *   together (the Redis store puts them in one hash slot, so that a cluster spreads owners).
 * - Deadlines: the dispatching process times its own calls out; a store shared by processes
 *   also gives every broker its expired calls (`claimExpired`), so a call whose dispatcher died
 *   still ends at its deadline.
 */
export interface PendingCallStore {
  /**
   * Adds a new open call (its requestId is fresh). Rejects with `DuplicateToolCallError` when
   * the store holds a call (open, or ended and still retained) of the same conversation and
   * toolCallId: a call is addressed by `(conversationId, toolCallId)`, and opened once; and with
   * `OpenCallLimitError` when the owner has `options.maxOpenPerOwner` open calls already, or when
   * the call's `options.bytes` would take the owner's open calls past `options.maxOpenBytesPerOwner`
   * (counted in the same atomic step, so instances racing cannot pass a limit together).
   */
  open(call: PendingCall, options?: PendingCallOpenOptions): Promise<void>;
  /** The owner's call of this conversation and toolCallId, open or ended and still retained. */
  findByToolCall(address: ToolCallAddress): Promise<StoredCall | undefined>;
  /** The owner's call, open or closed and still retained; `undefined` when unknown, forgotten or another owner's. */
  get(requestId: string, owner: string): Promise<StoredCall | undefined>;
  /**
   * Replaces the open call `next.request.requestId`, if its attempt is still `expectedAttempt`,
   * by `next` (the re-sent request). `true` only for the one caller that did it.
   */
  reissue(next: PendingCall, expectedAttempt: number): Promise<boolean>;
  /**
   * Ends the open call if its attempt is still the one `call` (as the caller read it) holds, and
   * tells every subscriber. `true` only for the one caller that ended it. What a call holds
   * cannot change without its attempt changing, so a store may keep `call` as it is given.
   */
  close(call: PendingCall, outcome: ClientCallOutcome): Promise<boolean>;
  /** The open calls of one owner, optionally of one conversation, oldest first. */
  list(filter: PendingCallFilter): Promise<readonly PendingCall[]>;
  /** Hears of every open, re-send and close, by any process sharing the store; returns an unsubscribe function. */
  subscribe(listener: PendingCallListener): () => void;
  /**
   * For a store whose notices start arriving some time after `subscribe` (a connection to make):
   * resolves once they do. The broker waits for it before it opens its first call, so that no
   * notice of a call made at start is missed.
   */
  ready?(): Promise<void>;
  /**
   * For a store shared by processes: open calls whose deadline has passed (up to `limit`), each
   * claimed for `leaseMs` so that one process at a time ends it. Every broker sweeps with it (and
   * ends each claimed call as `timeout` through `close`), so a call whose dispatching process died
   * still ends at its deadline. A store of one process leaves it out: the dispatcher's timer does it.
   */
  claimExpired?(now: number, limit: number, leaseMs: number): Promise<readonly PendingCall[]>;
  /**
   * For a store that can lose a write it acknowledged (Redis failing over to a replica the write
   * had not reached, or restarted empty): writes back an end that a broker already returned to its
   * caller, whether the store holds the call open (at any attempt) or no longer holds it, and tells
   * every subscriber. Resolves to undefined when it did, or to the outcome the store holds when the
   * call had ended meanwhile (that end stands).
   */
  restoreEnded?(closed: ClosedCall): Promise<ClientCallOutcome | undefined>;
  /**
   * Counts one more invalid answer to the owner's open call, for every process sharing the store,
   * and resolves to the count so far (0 when the call is not open). A store that leaves it out has
   * each broker count the answers it took itself.
   */
  countInvalidAnswer?(requestId: string, owner: string): Promise<number>;
  /**
   * Keeps a tool's outputSchema under its fingerprint, for the owner's calls, at least until
   * `keepUntil` (a call's deadline, in ms since the epoch) plus the store's retention period;
   * storing it again only ever lengthens that.
   */
  putSchema(owner: string, fingerprint: string, schema: JsonObject, keepUntil: number): Promise<void>;
  /** The outputSchema stored under this fingerprint for the owner's calls, while it is kept. */
  getSchema(owner: string, fingerprint: string): Promise<JsonObject | undefined>;
  /**
   * For a store shared by processes: keeps what one instance says of itself, in place of what it said before, for
   * `ttlMs` (an instance that stops reporting drops out of `summarize`). Each broker reports after each sweep.
   */
  reportInstance?(instance: ClientCallsInstance, ttlMs: number): Promise<void>;
  /** Every owner's open calls by state, and what each instance last reported of itself, for `broker.summary()`. */
  summarize?(now: number): Promise<PendingCallsSummary>;
}

/** What one instance says of itself: the calls it dispatched and waits for, and its last sweep. */
export interface ClientCallsInstance {
  readonly instanceId: string;
  readonly waiting: number;
  /** Since when (epoch ms) it has waited for the oldest of them; null when it waits for none. */
  readonly oldestWaitingSince: number | null;
  readonly lastSweep: { readonly at: number; readonly ok: boolean } | null;
  /** When it said so (epoch ms). */
  readonly reportedAt: number;
}

/** The store's open calls of every owner, and its instances (`PendingCallStore#summarize`). */
export interface PendingCallsSummary {
  /** Open calls before their deadline. */
  readonly open: number;
  /** Open calls past their deadline, not yet ended by a sweep (a sweep that lags, or no instance left to sweep). */
  readonly overdue: number;
  /** What each instance that reported within its time last said, in instanceId order. */
  readonly instances: readonly ClientCallsInstance[];
}

/** What `PendingCallStore#open` does in the same step as opening the call. */
export interface PendingCallOpenOptions {
  /** A limit the store holds itself, for every instance at once. */
  readonly maxOpenPerOwner?: number;
  /** The most bytes the owner's open calls may hold together (each call's `bytes`), held the same way. */
  readonly maxOpenBytesPerOwner?: number;
  /** What this call holds, for `maxOpenBytesPerOwner` (its arguments' size, as the broker counts it). */
  readonly bytes?: number;
  /**
   * The outputSchema under the fingerprint `call.tool.outputSchema`, kept as `putSchema` keeps it (until the call's
   * deadline and the retention period).
   */
  readonly outputSchema?: JsonObject;
}

/** The owner has as many open calls, or bytes in them, as the limit allows (`PendingCallStore#open`). */
export class OpenCallLimitError extends Error {
  override readonly name = "OpenCallLimitError";

  constructor(
    readonly owner: string,
    readonly max: number,
    readonly limit: "maxOpenCallsPerOwner" | "maxOpenCallBytesPerOwner" = "maxOpenCallsPerOwner",
  ) {
    super(
      limit === "maxOpenCallsPerOwner"
        ? `The owner has ${max} open client tool calls, the most the ` +
            `broker's maxOpenCallsPerOwner allows: answer or end some first.`
        : `The owner's open client tool calls would hold more than ${max} bytes of arguments, ` +
            `the most the broker's maxOpenCallBytesPerOwner allows: answer or end some first.`,
    );
  }
}

/** A store already holds a call of this conversation and toolCallId (`PendingCallStore#open`). */
export class DuplicateToolCallError extends Error {
  override readonly name = "DuplicateToolCallError";

  constructor(
    readonly conversationId: string,
    readonly toolCallId: string,
  ) {
    super(
      `A call of conversation ${JSON.stringify(conversationId)} with ` +
        `toolCallId ${JSON.stringify(toolCallId)} exists already.`,
    );
  }
}
