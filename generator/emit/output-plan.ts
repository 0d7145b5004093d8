import type { FileProblem } from "../diagnostics.js";

/** A file's text with its textDigest, as an emitter had it (see PlannedFile's `knownDigest`). */
export interface KnownDigest {
  readonly contents: string;
  readonly digest: string;
}

/**
 * What earlier runs found in the output folder (the write stage's record of the files it found right): whether a file
 * still holds the text of a digest, by its stamp.
 */
export interface KnownOutput {
  holds(file: string, digest: string): boolean;
}

/** One file an emitter produced. */
export interface PlannedFile {
  /** Absolute path. */
  readonly path: string;
  readonly contents: string;
  /** `contents` in the pieces the emitter built it from, for a file too big to join (see PiecedText). */
  readonly pieces?: readonly string[];
  /**
   * For a file of every tool's parts (types.ts, specs.ts): the indexes in `pieces` of each tool's, by its name, in the
   * order its emitter documents, so that a later run can take them from the file itself (see ProductsStore).
   */
  readonly toolPieces?: ReadonlyMap<string, readonly number[]>;
  /** The indexes in `pieces` of those that lie inside a declaration: index.ts reads no exports in them. */
  readonly innerPieces?: ReadonlySet<number>;
  /**
   * The textDigest of the emitter's text, where it had it without hashing (a validator module its cache checked): the
   * manifest takes it while `contents` is still that text, so that a later stage that changes the text (import
   * specifiers restyled, prettier) need not drop it.
   */
  readonly knownDigest?: KnownDigest;
  /** "generated" files are replaced whole; the "stubs" file belongs to the user and only ever gains methods. */
  readonly role: "generated" | "stubs";
  /** Whether the project's prettier formats it. */
  readonly format: boolean;
  /**
   * The user's file as it was, for stubs added to it: formatted only when prettier leaves the
   * user's own text as it is, so that formatting never changes a line the user wrote.
   */
  readonly original?: string;
}

/** What the emit stage hands on: the files in order, and what the user should know. */
export interface OutputPlan {
  readonly files: readonly PlannedFile[];
  /** Things the user should know that are not errors (stubs added, handlers of removed tools). */
  readonly notes: readonly string[];
  /** Tools no emitter could write (a validator ajv cannot compile); there are no files when there is one. */
  readonly problems: readonly FileProblem[];
}
