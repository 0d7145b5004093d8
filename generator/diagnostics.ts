import { jsonPositions, lineColumns } from "./json/json-parser.js";

/** A problem in the user's input: where (file, and line:col or JSON pointer) and what to do about it. */
export interface Diagnostic {
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  /** JSON pointer into the file, when the problem is inside a JSON document. */
  readonly pointer?: string;
  readonly message: string;
}

/** A problem at a JSON pointer into a spec file (as shown to the user), before the locator places it at line:col. */
export interface FileProblem {
  readonly file: string;
  readonly pointer: string;
  readonly message: string;
}

/** Thrown by a stage when input problems stop the run; carries every problem found. */
export class GenerateError extends Error {
  override readonly name = "GenerateError";
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    super(diagnostics.map(formatDiagnostic).join("\n"));
  }
}

/**
 * A spec file that the products store's index vouched for reads otherwise (an index not written by this generator):
 * the file is the user's, and so is removing the cache.
 */
export function cacheMismatch(file: string): GenerateError {
  return new GenerateError([
    {
      file,
      message:
        "the generator's cache does not match this file: remove node_modules/.cache/gen-client-tools and run again",
    },
  ]);
}

export function formatDiagnostic(d: Diagnostic): string {
  const place = d.line !== undefined ? `${d.file}:${d.line}:${d.column ?? 1}` : d.file;
  const pointer = d.pointer !== undefined && d.pointer !== "" ? ` (at ${d.pointer})` : "";
  return `${place}${pointer}: ${d.message}`;
}

/**
 * Places diagnostics given as JSON pointers into one file's text: a key's position for a
 * problem about a key, else the value's, else the nearest enclosing value's.
 */
export function locateInJson(
  file: string,
  text: string,
  problems: readonly { pointer: string; message: string }[],
): Diagnostic[] {
  if (problems.length === 0) return [];
  const positions = jsonPositions(text);
  const place = lineColumns(text);
  return problems.map(({ pointer, message }) => {
    let offset: number | undefined;
    for (let p = pointer; offset === undefined; p = p.slice(0, Math.max(0, p.lastIndexOf("/")))) {
      offset = positions.keys.get(p) ?? positions.values.get(p);
      if (p === "") break;
    }
    if (offset === undefined) return { file, pointer, message };
    return { file, ...place(offset), pointer, message };
  });
}
