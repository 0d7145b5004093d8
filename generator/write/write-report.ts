/** What a write of generated files did (or, with check, would do), by path. */
export interface WriteReport {
  /** Files whose contents changed (or, with check, would change). */
  readonly changed: readonly string[];
  readonly unchanged: readonly string[];
  /** Generated files that no longer belong to the output (deleted, or with check, would be). */
  readonly stale: readonly string[];
}
