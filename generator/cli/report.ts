import path from "node:path";
import { count } from "../count.js";
import { formatDiagnostic, type Diagnostic } from "../diagnostics.js";
import type { GenerateResult } from "../generate.js";
import type { WriteGeneratedReport } from "../write-generated.js";
import { relativePath } from "../relative-path.js";

/** Prints every problem and a summary line ending in `outcome`; returns the exit code 1. */
export function reportProblems(diagnostics: readonly Diagnostic[], outcome = "nothing was written"): number {
  for (const diagnostic of diagnostics) console.error(formatDiagnostic(diagnostic));
  console.error(`gen-client-tools: ${count(diagnostics.length, "problem")}; ${outcome}`);
  return 1;
}

export interface WrittenOptions {
  /** Paths are shown relative to this folder. */
  readonly cwd: string;
  /** Print notes only (they are on stderr). */
  readonly quiet: boolean;
  /** List the files that were already right (a one-off run does; watch mode lists changes only). */
  readonly listUnchanged: boolean;
  readonly elapsedMs: number;
}

/** Prints the warnings (with how to make them stop a run) and the notes, on stderr. */
export function reportWarningsAndNotes(result: GenerateResult): void {
  for (const warning of result.warnings) console.error(`warning: ${formatDiagnostic(warning)}`);
  if (result.warnings.length > 0) console.error(`gen-client-tools: ${count(result.warnings.length, "warning")}; --fail-on-warnings makes them problems that stop the run`);
  for (const note of result.notes) console.error(`note: ${note}`);
}

/** Prints the warnings and notes, one line per file written, unchanged (if asked) or deleted, and a summary. */
export function reportWritten(result: GenerateResult, report: WriteGeneratedReport, options: WrittenOptions): void {
  reportWarningsAndNotes(result);
  if (options.quiet) return;
  const show = (file: string): string => relativePath(options.cwd, file);
  for (const file of report.changed) console.log(`  wrote      ${show(file)}`);
  if (options.listUnchanged) for (const file of report.unchanged) console.log(`  unchanged  ${show(file)}`);
  for (const file of report.stale) console.log(`  deleted    ${show(file)}`);
  const formatted = result.formattedWith === undefined ? "" : `, formatted with prettier ${result.formattedWith.version}`;
  console.log(`gen-client-tools: ${count(result.toolCount, "tool")}, ${count(report.changed.length, "file")} written in ${Math.round(options.elapsedMs)} ms${formatted}`);
}

/** What to say when a run threw: a schema too deep to walk is the user's to fix; anything else is a bug of ours. */
export function crashMessage(error: unknown): string {
  if (isTooDeep(error)) {
    return "gen-client-tools: a schema is nested too deeply to process: flatten it, or move parts into $defs";
  }
  const message = error instanceof Error ? error.message : String(error);
  return `gen-client-tools: internal error: ${message}\nThis is a bug in gen-client-tools; set GEN_CLIENT_TOOLS_DEBUG=1 for details and please report it.`;
}

/** Prints `crashMessage`, and with GEN_CLIENT_TOOLS_DEBUG set the error itself; returns the exit code: 1 for a schema too deep, 70 (EX_SOFTWARE) for a bug. */
export function reportCrash(error: unknown): number {
  console.error(crashMessage(error));
  if (process.env["GEN_CLIENT_TOOLS_DEBUG"]) console.error(error);
  return isTooDeep(error) ? 1 : 70;
}

function isTooDeep(error: unknown): boolean {
  return error instanceof RangeError && /call stack/.test(error.message);
}
