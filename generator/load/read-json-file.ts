import { readFileSync, statSync } from "node:fs";
import type { JsonValue } from "@gen-client-tools/runtime/core";
import type { Diagnostic } from "../diagnostics.js";
import { JsonSyntaxError, lineColumn, parseJson } from "../json/json-parser.js";

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

export type ReadJsonResult = { readonly document: JsonDocument } | { readonly diagnostic: Diagnostic };

export function readJsonFile(absolutePath: string, displayPath: string): ReadJsonResult {
  let text: string;
  try {
    // Reading a FIFO blocks until someone writes to it, and a device may never end: only plain files are read.
    if (!statSync(absolutePath).isFile()) {
      return {
        diagnostic: {
          file: displayPath,
          message: "not a plain file (a folder, a pipe or a device): spec and schema files must be plain JSON files",
        },
      };
    }
    text = readFileSync(absolutePath, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    return {
      diagnostic: {
        file: displayPath,
        message: `cannot read the file (${code || String(error)}): check that it exists and is readable`,
      },
    };
  }
  try {
    return { document: { path: absolutePath, displayPath, text, ...parseJson(text) } };
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
