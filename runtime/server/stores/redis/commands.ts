import { createHash } from "node:crypto";
import { ClientCallStoreUnavailableError } from "../../../wire/errors.js";

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
  on?(event: "error" | ResumeEvent, listener: (event: unknown) => void): unknown;
  listenerCount?(event: "error"): number;
}

/** What the store needs of a cluster client of the official `redis` package (`createCluster()`, connected). */
export interface RedisClusterLike {
  /** What tells a cluster client from a single one. */
  readonly masters: readonly unknown[];
  /** Sent to the master of `firstKey`'s slot (any master for none). */
  sendCommand(firstKey: string | undefined, isReadonly: boolean | undefined, args: string[]): Promise<unknown>;
  duplicate(): RedisSubscriberLike;
  on?(event: "error" | ResumeEvent, listener: (event: unknown) => void): unknown;
  listenerCount?(event: "error"): number;
}

/**
 * What the store needs of a Sentinel client of the official `redis` package (`createSentinel()`, connected): it follows
 * the master through failovers.
 */
export interface RedisSentinelLike {
  /** What tells a Sentinel client from a single one. */
  use(...args: never[]): unknown;
  sendCommand(isReadonly: boolean | undefined, args: string[]): Promise<unknown>;
  duplicate(): RedisSubscriberLike;
  on?(event: "error" | ResumeEvent, listener: (event: unknown) => void): unknown;
  listenerCount?(event: "error"): number;
}

/**
 * The official client's events for a connection back (`ready`; a cluster's node: `node-ready`) or moved to a new master
 * by Sentinel (`topology-change`, a `MASTER_CHANGE`).
 */
export type ResumeEvent = "ready" | "node-ready" | "topology-change";

/** Calls `listener` whenever the connection comes back, or follows a new master: what it was told meanwhile was missed. */
export function onResumed(
  connection: { on?(event: ResumeEvent, listener: (event: unknown) => void): unknown },
  cluster: boolean,
  listener: () => void,
): void {
  connection.on?.(cluster ? "node-ready" : "ready", () => listener());
  connection.on?.("topology-change", (event) => isMasterChange(event) && listener());
}

function isMasterChange(event: unknown): boolean {
  return typeof event === "object" && event !== null && (event as { type?: unknown }).type === "MASTER_CHANGE";
}

/** Any of the official client's three kinds. */
export type RedisConnectionLike = RedisClientLike | RedisClusterLike | RedisSentinelLike;

/** The subscribing connection `duplicate()` gives. */
export interface RedisSubscriberLike {
  /**
   * Its `error` events (a lost connection, while it reconnects: an unheard one would end the
   * process), `ready` once it is back (a cluster's: `node-ready`), and a Sentinel client's
   * `topology-change` (a `MASTER_CHANGE` moves the subscription to the new master).
   */
  on(event: "error" | ResumeEvent, listener: (event: unknown) => void): unknown;
  connect(): Promise<unknown>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  close(): Promise<unknown>;
}

// The official client's errors for a connection that is gone, closed or too slow (a reply
// error, Redis refusing a command, is another matter unless it says Redis is unavailable, below).
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

// Redis's replies that say it cannot take the command now, though the same command may succeed
// later: a cluster with a slot uncovered or a redirection that did not settle, a master
// lost or not yet chosen, a node loading its data, a replica refusing a write (a failover
// under way), a master without the replicas `min-replicas-to-write` asks for, a script running
// too long, a WAIT reaching a master turned replica since the write. Each is an outage, not a
// refusal of what was asked.
const UNAVAILABLE_REPLIES =
  /^(CLUSTERDOWN|TRYAGAIN|MASTERDOWN|LOADING|READONLY|NOREPLICAS|BUSY|MOVED|ASK)\b|^ERR WAIT cannot be used with replica/;

/** A Lua script and its SHA1, by which Redis runs it once it has it (EVALSHA: the text goes once). */
export interface RedisScript {
  readonly text: string;
  readonly sha: string;
}

export function redisScript(text: string): RedisScript {
  return { text, sha: createHash("sha1").update(text).digest("hex") };
}

/**
 * The store's commands to one Redis or one cluster: each waited for at most `timeoutMs`, a lost
 * connection turned into `ClientCallStoreUnavailableError` (503 to a client), and the first
 * error of an outage reported once.
 */
export class RedisCommands {
  readonly #client: RedisConnectionLike;
  readonly #timeoutMs: number;
  readonly #onError: (error: unknown) => void;
  /** Whether the present run of connection errors has been reported (one report an outage). */
  #outageReported = false;

  constructor(client: RedisConnectionLike, timeoutMs: number, onError: (error: unknown) => void) {
    this.#client = client;
    this.#timeoutMs = timeoutMs;
    this.#onError = onError;
    if (client.on !== undefined && (client.listenerCount?.("error") ?? 0) === 0)
      client.on("error", (error) => this.#connectionLost(error));
  }

  /** A second connection for subscribing, its errors reported. */
  subscriber(): RedisSubscriberLike {
    const subscriber = this.#client.duplicate();
    subscriber.on("error", (error) => this.#onError(error));
    return subscriber;
  }

  /** Whether the client is a cluster's (its subscriber's reconnections are `node-ready`). */
  get cluster(): boolean {
    return "masters" in this.#client;
  }

  /** Calls `listener` whenever the commands' connection comes back (`onResumed`). */
  onResumed(listener: () => void): void {
    onResumed(this.#client, this.cluster, listener);
  }

  /** Runs the script on the slot of its first key: by its SHA1, and by its text where Redis does not have it yet. */
  async eval(script: RedisScript, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    try {
      return await this.send(keys[0], ["EVALSHA", script.sha, String(keys.length), ...keys, ...args]);
    } catch (error) {
      if (!(error instanceof Error && error.message.startsWith("NOSCRIPT"))) throw error;
      return this.send(keys[0], ["EVAL", script.text, String(keys.length), ...keys, ...args]);
    }
  }

  /** One command, to the slot of `firstKey` on a cluster, waited for at most the timeout. */
  async send(firstKey: string | undefined, args: readonly string[]): Promise<unknown> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new ClientCallStoreUnavailableError(`no answer from Redis within ${this.#timeoutMs} ms`)),
        this.#timeoutMs,
      );
    });
    try {
      const client = this.#client;
      const sent =
        "masters" in client
          ? client.sendCommand(firstKey, false, [...args])
          : "use" in client
            ? client.sendCommand(false, [...args])
            : client.sendCommand(args);
      // A command given up on may still fail later: that is known already, and not reported again.
      sent.catch(() => {});
      const reply = await Promise.race([sent, timedOut]);
      this.#outageReported = false;
      return reply;
    } catch (error) {
      if (error instanceof ClientCallStoreUnavailableError) throw error;
      if (isUnavailable(error))
        throw new ClientCallStoreUnavailableError(`Redis: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
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
}

/** Whether the error says Redis cannot be reached or cannot take commands now (not what the command asked). */
function isUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { readonly code?: unknown }).code;
  return (
    CONNECTION_ERRORS.has(error.constructor.name) ||
    (typeof code === "string" && /^E[A-Z]+$/.test(code)) ||
    (error instanceof Error && UNAVAILABLE_REPLIES.test(error.message))
  );
}
