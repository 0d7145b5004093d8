import { readFileSync, statSync } from "node:fs";
import type { JsonValue } from "@gen-client-tools/runtime/core";
import type { Diagnostic } from "../diagnostics.js";
import { JsonSyntaxError, lineColumn, parseJson } from "../json/json-parser.js";
import { readPlainFileBytes } from "../read-plain-file.js";

/** A JSON file as read: its text stays at hand so later stages can place errors at line:col. */
export interface JsonDocument {
  /** Absolute path. */
  readonly path: string;
  /** Path as shown to the user (relative to the working folder). */
  readonly displayPath: string;
  readonly text: string;
  /** Deep-frozen. */
  readonly value: JsonValue;
  /** The deepest nesting of the value's objects and arrays (the root's is 0). */
  readonly deepest: number;
}

/** A JSON file read, with the bytes it was read from when they were asked for. */
export interface ReadFile {
  readonly document: JsonDocument;
  readonly bytes?: Buffer;
}

export type ReadJsonResult = ReadFile | { readonly diagnostic: Diagnostic };

const NOT_PLAIN = "not a plain file (a folder, a pipe or a device): spec and schema files must be plain JSON files";

/**
 * With `bytes`, the file is read as bytes, kept in the result, and given back as `previous` (an earlier run's read)
 * while they are the same: comparing bytes costs a fraction of decoding the text. Without, it is read the quickest way
 * to its text (Node decodes it natively, without a buffer in between).
 */
export function readJsonFile(
  absolutePath: string,
  displayPath: string,
  { bytes: keepBytes, previous }: { readonly bytes: boolean; readonly previous?: ReadFile | undefined },
): ReadJsonResult {
  let bytes: Buffer | undefined;
  let text: string | undefined;
  try {
    if (keepBytes) {
      bytes = readPlainFileBytes(absolutePath);
      if (
        previous?.bytes !== undefined &&
        bytes?.equals(previous.bytes) &&
        previous.document.displayPath === displayPath
      )
        return previous;
      text = bytes?.toString("utf8");
    } else if (statSync(absolutePath).isFile()) text = readFileSync(absolutePath, "utf8");
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
  if (text === undefined) return { diagnostic: { file: displayPath, message: NOT_PLAIN } };
  try {
    const document = { path: absolutePath, displayPath, text, ...parseJson(text) };
    return bytes === undefined ? { document } : { document, bytes };
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

function formatPosition({ line, column }: { line: number; column: number }): string {
  return `${line}:${column}`;
}
