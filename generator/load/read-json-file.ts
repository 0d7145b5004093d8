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

/** A JSON file read, with the bytes it was read from. */
export interface ReadFile {
  readonly document: JsonDocument;
  readonly bytes: Buffer;
}

export type ReadJsonResult = ReadFile | { readonly diagnostic: Diagnostic };

const NOT_PLAIN = "not a plain file (a folder, a pipe or a device): spec and schema files must be plain JSON files";

/**
 * `previous`: the file as an earlier run read it, given back as it is while its bytes are the same (compared as bytes:
 * decoding the text costs several times as much).
 */
export function readJsonFile(absolutePath: string, displayPath: string, previous?: ReadFile): ReadJsonResult {
  let bytes: Buffer | undefined;
  try {
    bytes = readPlainFileBytes(absolutePath);
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
  if (bytes === undefined) return { diagnostic: { file: displayPath, message: NOT_PLAIN } };
  if (previous !== undefined && previous.document.displayPath === displayPath && previous.bytes.equals(bytes))
    return previous;
  const text = bytes.toString("utf8");
  try {
    return { document: { path: absolutePath, displayPath, text, ...parseJson(text) }, bytes };
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
