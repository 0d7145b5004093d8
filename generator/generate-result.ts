import type { Diagnostic } from "./diagnostics.js";

export interface GeneratedFile {
  /** Absolute path. */
  readonly path: string;
  /**
   * The file's text. A validator module that the output folder holds already, as the validators' cache has it, is read
   * (from the cache, or from the file) when this is first read: a rerun that only writes does not read it at all.
   */
  readonly contents: string;
  /**
   * `contents` in the pieces it was built from, for a file of many tools (types.ts, specs.ts):
   * `writeGenerated` hashes, compares and writes it piece by piece, so that tens of megabytes are
   * never joined into one string. Reading `contents` is always right; it only costs the join.
   */
  readonly pieces?: readonly string[];
  /** "generated" files are replaced whole; the "stubs" file belongs to the user and only ever gains methods. */
  readonly role: "generated" | "stubs";
  /**
   * For `--check`: whether different text on disk counts as these contents (the manifest of another generator version,
   * for the same generation).
   */
  readonly sameAs?: (existing: string) => boolean;
}

export interface GenerateResult {
  /** Empty when there are diagnostics. */
  readonly files: readonly GeneratedFile[];
  /** Problems in the input; the run produced nothing when there is one. */
  readonly diagnostics: readonly Diagnostic[];
  /** Things the user should know that are not errors (stubs added, handlers of removed tools). */
  readonly notes: readonly string[];
  /**
   * What the specs most likely do not mean though it is valid (a misspelt schema keyword); with `failOnWarnings` these
   * are diagnostics instead.
   */
  readonly warnings: readonly Diagnostic[];
  readonly toolCount: number;
  /** The output folder (absolute). */
  readonly outDir: string;
  /**
   * The prettier that formatted the files, when one did: its version, and its folder (undefined for the copy this
   * package depends on).
   */
  readonly formattedWith?: { readonly version: string; readonly from: string | undefined };
}
