import path from "node:path";
import type { ErrorPayload } from "vite";
import { count } from "../count.js";
import { type Diagnostic, formatDiagnostic } from "../diagnostics.js";

/** The text of a run's problems: one line each (file:line:col, pointer, fix) and a count. */
export function problemsText(diagnostics: readonly Diagnostic[]): string {
  return (
    `${diagnostics.map(formatDiagnostic).join("\n")}\ngen-client-tools: ${count(diagnostics.length, "problem")} ` +
    `in the client-tool specs; the generated files were left as they were`
  );
}

/**
 * What Vite's error overlay shows: every problem in the message, no stack (these are the
 * user's input errors, not a crash), and the first problem's place, so the overlay links to it.
 */
export function overlayError(diagnostics: readonly Diagnostic[], root: string): ErrorPayload["err"] {
  const first = diagnostics[0];
  const file = first === undefined ? undefined : path.resolve(root, first.file);
  return {
    message: problemsText(diagnostics),
    stack: "",
    plugin: "gen-client-tools",
    ...(file !== undefined && { id: file }),
    ...(file !== undefined &&
      first?.line !== undefined && { loc: { file, line: first.line, column: first.column ?? 1 } }),
  };
}
