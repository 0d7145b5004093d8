// The partial-JSON parser's options, its interface and its error.
/** Where the parser stopped: the text is not JSON, or goes past a bound. */
export class PartialJsonError extends Error {
  override readonly name = "PartialJsonError";

  constructor(
    message: string,
    /** The offset in the whole text of the character that stopped it. */
    readonly offset: number,
  ) {
    super(`${message} (at character ${offset})`);
  }
}

export interface PartialJsonParserOptions {
  /** How deep objects and arrays may nest; default 64. */
  readonly maxDepth?: number;
  /** How many characters the whole text may hold; default 8 MiB. */
  readonly maxChars?: number;
  /**
   * `push` returns a new value each time instead of filling one in place: the objects and arrays
   * still being read are copied, the parts read to their end are shared from one value to the
   * next, and no value returned is changed afterwards (what a UI that compares by identity needs).
   * Each push then costs the size of the containers still open, besides its delta.
   */
  readonly snapshots?: boolean;
}

export interface PartialJsonParser {
  /**
   * Reads the next piece of the text and returns the value so far: objects and arrays hold what
   * has been read of them (a string its characters so far; a number, `true`, `false` or `null`
   * once it is whole), and are the same objects from one call to the next, filled in place.
   * `undefined` until the value has begun. Throws `PartialJsonError` for a text that is not JSON.
   */
  push(delta: string): unknown;
  /** The text is complete: returns its value, as `JSON.parse` gives it. Throws when the text stopped short. */
  end(): unknown;
  /**
   * Whether the part at this JSON pointer (`""` for the whole) has been read to its end, so it can no longer change.
   */
  isFinal(pointer: string): boolean;
  /**
   * The JSON pointer of the innermost part still being read: the string or number shown at its
   * prefix so far, else the innermost open object or array; `undefined` before the value begins
   * and once it is complete. Every part of the value so far that is neither this part nor holds
   * it is final.
   */
  openPointer(): string | undefined;
  /**
   * The value so far as a new value, as `push` returns it with `snapshots`: the containers still
   * open copied, the parts read to their end shared, nothing returned changed afterwards.
   */
  snapshot(): unknown;
  /** How many members the containers still open hold: what a snapshot copies. */
  openSize(): number;
}

export const DEFAULT_MAX_DEPTH = 64;

export const DEFAULT_MAX_CHARS = 8 * 1024 * 1024;
