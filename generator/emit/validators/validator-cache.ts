/** A tool's compiled validator module, as the cache keeps it. */
export interface CachedModule {
  readonly code: string;
  readonly warnings: readonly string[];
  /**
   * The textDigest of the module's file (the generated banner, then `code`), where the cache computed it to store the
   * module or checked its entry against it: the manifest takes it instead of hashing the file again.
   */
  readonly fileDigest?: string;
}

/** What the cache holds for a tool's key: its module's digest and warnings, the module itself read when asked. */
export interface CacheEntry {
  /** The textDigest of the module's file (the generated banner, then its code), as the cache recorded it. */
  readonly fileDigest: string;
  readonly warnings: readonly string[];
  /** The module, its checksum checked (the digest of its bytes is fileDigest); undefined when the entry is damaged. */
  module(): CachedModule | undefined;
}

/**
 * Compiled validator modules between runs, one entry per tool, each holding the key it was
 * made for; what the validators emitter is given (generator/cache/ keeps it on disk). The
 * cache never decides what is generated, only how fast.
 */
export interface ValidatorCache {
  get(id: string, key: string): CacheEntry | undefined;
  /** Keeps the module, and gives it back with its file's digest (the cache's checksum) where the cache has one. */
  set(id: string, key: string, module: CachedModule): CachedModule;
  /** Removes every entry but those of these tools (removed tools leave nothing behind). */
  prune(ids: ReadonlySet<string>): void;
  /** Whether it holds no entry at all: a first run, which compiles every tool. */
  holdsNone(): boolean;
}

/** A cache that keeps nothing. */
export const NO_CACHE: ValidatorCache = {
  get: () => undefined,
  set: (_id, _key, module) => module,
  prune() {},
  holdsNone: () => true,
};
