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
