import { type Diagnostic, type FileProblem, locateInJson } from "../diagnostics.js";
import type { JsonDocument } from "./read-json-file.js";

/** Turns places in the spec files (`{ file, pointer }`) into `file:line:col`, on the error path only. */
export interface Locator {
  /** The problems as diagnostics, each at its line and column. */
  locate(problems: readonly FileProblem[]): Diagnostic[];
  /** `file:line:col` of a place, or the file alone when it has no such place. */
  place(file: string, pointer: string): string;
}

/** A locator for the spec files load read: it keeps their text, and reads it only when asked. */
export function createLocator(documents: readonly JsonDocument[]): Locator {
  // A document read but not parsed may not have read its text yet: read where a problem is placed.
  const byPath = new Map(documents.map((document) => [document.displayPath, document]));
  const locate = (problems: readonly FileProblem[]): Diagnostic[] => {
    // Each file's text is read for positions once; the problems keep their order.
    const byFile = new Map<string, number[]>();
    problems.forEach((problem, i) => {
      const indexes = byFile.get(problem.file);
      if (indexes === undefined) byFile.set(problem.file, [i]);
      else indexes.push(i);
    });
    const located: Diagnostic[] = [];
    for (const [file, indexes] of byFile) {
      const text = byPath.get(file)?.text;
      const list = indexes.map((i) => problems[i]!);
      const placed =
        text === undefined
          ? list.map(({ pointer, message }) => ({ file, pointer, message }))
          : locateInJson(file, text, list);
      indexes.forEach((index, j) => (located[index] = placed[j]!));
    }
    return located;
  };
  return {
    locate,
    place(file, pointer) {
      const [at] = locate([{ file, pointer, message: "" }]);
      return at?.line !== undefined ? `${at.file}:${at.line}:${at.column}` : file;
    },
  };
}
