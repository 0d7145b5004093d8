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
  /**
   * How many replicas must have each write before it counts (Redis's `WAIT`): an answer is then
   * acknowledged (and its dispatch told) only once a replica that a failover may promote has it,
   * and a write they do not confirm within `minReplicasTimeoutMs` is a 503. Default 0 (a write
   * counts once the master has it: a failover can lose the last ones). Set it with the master's
   * own `min-replicas-to-write`, so that a master cut off from its replicas refuses writes too.
   */
  readonly minReplicas?: number;
  /** How long a write waits for `minReplicas` replicas; default 1,000 ms (under `operationTimeoutMs`). */
  readonly minReplicasTimeoutMs?: number;
}

/** How long a write waits for its replicas, by default. */
export const DEFAULT_MIN_REPLICAS_TIMEOUT_MS = 1_000;

/** The store's default wait for Redis. */
export const DEFAULT_OPERATION_TIMEOUT_MS = 2_000;
