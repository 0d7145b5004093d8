import { readFileSync, statSync } from "node:fs";
import type { JsonValue } from "@gen-client-tools/runtime/core";
import { cacheMismatch, type Diagnostic, GenerateError } from "../diagnostics.js";
import { decodedTextDigest, textDigest } from "../digest.js";
import { type FileStamp, fileStamp, sameStamp } from "../file-stamp.js";
import { JsonSyntaxError, lineColumn, parseJson } from "../json/json-parser.js";
import { readPlainFileStatus } from "../read-plain-file.js";

/** A JSON file as read: its text stays at hand so later stages can place errors at line:col. */
export interface JsonDocument {
  /** Absolute path. */
  readonly path: string;
  /** Path as shown to the user (relative to the working folder). */
  readonly displayPath: string;
  readonly text: string;
  /** The text's textDigest: the manifest's digest of the inputs is made of the files' own. */
  readonly digest: string;
  /** Deep-frozen. */
  readonly value: JsonValue;
  /** The deepest nesting of the value's objects and arrays (the root's is 0). */
  readonly deepest: number;
}

/** A JSON file read, with its stamp where it can vouch for the text read (see fileStamp). */
export interface ReadFile {
  readonly document: JsonDocument;
  readonly stamp?: FileStamp;
}

export type ReadJsonResult = ReadFile | { readonly diagnostic: Diagnostic };

const NOT_PLAIN = "not a plain file (a folder, a pipe or a device): spec and schema files must be plain JSON files";

/**
 * With `stamp`, `previous` (an earlier run's read of the file) is given back while the file's stamp is the same, or
 * else its bytes still hash the same: a run after one file changed reads that file only. `unchanged`: a watcher
 * vouches that the file did not change since `previous` was read (see WatchedChanges), which is given back unlooked at.
 * Without `stamp`, the file is read the quickest way to its text (Node decodes it natively, without a buffer in
 * between). `parsedBefore`: whether a text is one an earlier run parsed and found right, whose parse then waits until
 * its value is read.
 */
export function readJsonFile(
  absolutePath: string,
  displayPath: string,
  {
    stamp: keepStamp,
    previous: given,
    unchanged = false,
    parsedBefore,
  }: {
    readonly stamp: boolean;
    readonly previous?: ReadFile | undefined;
    readonly unchanged?: boolean;
    readonly parsedBefore?: ((text: string, digest: string) => boolean) | undefined;
  },
): ReadJsonResult {
  const previous = given?.document.displayPath === displayPath ? given : undefined;
  if (keepStamp && unchanged && previous !== undefined) return previous;
  let text: string | undefined;
  let digest: string | undefined;
  let stamp: FileStamp | undefined;
  try {
    if (keepStamp) {
      const status = previous?.stamp && statSync(absolutePath, { throwIfNoEntry: false });
      if (status && sameStamp(previous!.stamp!, status)) return previous!;
      const read = readPlainFileStatus(absolutePath);
      if (read !== undefined) {
        digest = decodedTextDigest(read.bytes);
        stamp = fileStamp(read.status);
        if (previous?.document.digest === digest) return stamp ? { document: previous.document, stamp } : previous;
        text = read.bytes.toString("utf8");
      }
    } else {
      const status = statSync(absolutePath);
      if (status.isFile()) {
        // Taken before the read: a change after it makes the stamp differ next time.
        stamp = fileStamp(status);
        text = readFileSync(absolutePath, "utf8");
        digest = textDigest(text);
      }
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    if (code === "EISDIR") return { diagnostic: { file: displayPath, message: NOT_PLAIN } };
    return {
      diagnostic: {
        file: displayPath,
        message: `cannot read the file (${code || String(error)}): check that it exists and is readable`,
      },
    };
  }
  // Never read: a pipe blocks until someone writes to it, and a device may never end.
  if (text === undefined || digest === undefined) return { diagnostic: { file: displayPath, message: NOT_PLAIN } };
  if (parsedBefore?.(text, digest) === true) {
    const document = deferredDocument(absolutePath, displayPath, digest, text);
    return stamp === undefined ? { document } : { document, stamp };
  }
  try {
    const document = { path: absolutePath, displayPath, text, digest, ...parseJson(text) };
    return stamp === undefined ? { document } : { document, stamp };
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const at = lineColumn(text, error.offset);
    const first =
      error.firstOffset === undefined
        ? ""
        : ` (first at ${displayPath}:${formatPosition(lineColumn(text, error.firstOffset))})`;
    return { diagnostic: { file: displayPath, ...at, message: `invalid JSON: ${error.message}${first}` } };
  }
}

/**
 * A document whose text an earlier run parsed and found right: parsed when its value is first read. Without `text`, a
 * file an earlier run's stamp vouches for (see ReadBefore): read when its text is first asked for, and refused if it no
 * longer has `digest`, since the run has taken it as that text.
 */
export function deferredDocument(path: string, displayPath: string, digest: string, text?: string): JsonDocument {
  let read = text;
  const readText = (): string => {
    if (read === undefined) {
      const bytes = readPlainFileStatus(path)?.bytes;
      if (bytes === undefined || decodedTextDigest(bytes) !== digest)
        throw new GenerateError([
          { file: displayPath, message: "the file changed while gen-client-tools was running: run it again" },
        ]);
      read = bytes.toString("utf8");
    }
    return read;
  };
  let parsed: ReturnType<typeof parseJson> | undefined;
  const parse = (): ReturnType<typeof parseJson> => {
    if (parsed === undefined) {
      try {
        parsed = parseJson(readText());
      } catch (error) {
        if (error instanceof JsonSyntaxError) throw cacheMismatch(displayPath);
        throw error;
      }
    }
    return parsed;
  };
  return {
    path,
    displayPath,
    digest,
    get text() {
      return readText();
    },
    get value() {
      return parse().value;
    },
    get deepest() {
      return parse().deepest;
    },
  };
}

function formatPosition({ line, column }: { line: number; column: number }): string {
  return `${line}:${column}`;
}
