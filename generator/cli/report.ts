import { count } from "../count.js";
import { type Diagnostic, formatDiagnostic, GenerateError } from "../diagnostics.js";
import type { GenerateResult } from "../generate.js";
import { relativePath } from "../relative-path.js";
import type { WriteGeneratedReport } from "../write-generated.js";

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

/** Prints the warnings, with how to make them stop a run, on stderr. */
export function reportWarnings(warnings: readonly Diagnostic[]): void {
  for (const warning of warnings) console.error(`warning: ${formatDiagnostic(warning)}`);
  if (warnings.length > 0)
    console.error(
      `gen-client-tools: ${count(warnings.length, "warning")}; ` +
        `--fail-on-warnings makes them problems that stop the run`,
    );
}

/** Prints the warnings and the notes, on stderr. */
export function reportWarningsAndNotes(result: GenerateResult): void {
  reportWarnings(result.warnings);
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
  const formatted =
    result.formattedWith === undefined ? "" : `, formatted with prettier ${result.formattedWith.version}`;
  console.log(
    `gen-client-tools: ${count(result.toolCount, "tool")}, ${count(report.changed.length, "file")} ` +
      `written in ${Math.round(options.elapsedMs)} ms${formatted}`,
  );
}

/**
 * What to say when a run threw: a problem the run named (a GenerateError), a schema too deep to walk, or a file the
 * system refused, is the user's to fix; anything else is a bug of ours.
 */
export function crashMessage(error: unknown): string {
  if (error instanceof GenerateError)
    return error.diagnostics.map((d) => `gen-client-tools: ${formatDiagnostic(d)}`).join("\n");
  const refused = fileSystemRefusal(error);
  if (refused !== undefined) return `gen-client-tools: ${refused}`;
  if (isTooDeep(error)) {
    return "gen-client-tools: a schema is nested too deeply to process: flatten it, or move parts into $defs";
  }
  const message = error instanceof Error ? error.message : String(error);
  return (
    `gen-client-tools: internal error: ${message}\nThis is a bug in ` +
    `gen-client-tools; set GEN_CLIENT_TOOLS_DEBUG=1 for details and please report it.`
  );
}

/**
 * Prints `crashMessage`, and with GEN_CLIENT_TOOLS_DEBUG set the error itself; returns the exit code: 1 for what the
 * user can fix, 70 (EX_SOFTWARE) for a bug.
 */
export function reportCrash(error: unknown): number {
  console.error(crashMessage(error));
  if (process.env["GEN_CLIENT_TOOLS_DEBUG"]) console.error(error);
  return isInternalError(error) ? 70 : 1;
}

/** Whether a run's error is a bug of ours, rather than something the user can fix (`crashMessage` says which). */
export function isInternalError(error: unknown): boolean {
  return !(error instanceof GenerateError) && !isTooDeep(error) && fileSystemRefusal(error) === undefined;
}

/**
 * The file systems' refusals (a folder where a file should be, no permission, a full disk): what and where, without a
 * stack.
 */
function fileSystemRefusal(error: unknown): string | undefined {
  const {
    code,
    path: file,
    dest,
    syscall,
  } = (error ?? {}) as { code?: unknown; path?: unknown; dest?: unknown; syscall?: unknown };
  if (typeof code !== "string" || typeof file !== "string" || !FILE_SYSTEM_CODES.has(code)) return undefined;
  // A file is written beside, then renamed over its place: the place is what to name.
  if (syscall === "rename" && typeof dest === "string")
    return `cannot write ${dest}: ${FILE_SYSTEM_CODES.get(code)} (${code})`;
  return `cannot ${typeof syscall === "string" ? syscall : "use"} ${file}: ${FILE_SYSTEM_CODES.get(code)} (${code})`;
}

const FILE_SYSTEM_CODES: ReadonlyMap<string, string> = new Map([
  ["EACCES", "permission denied"],
  ["EPERM", "operation not permitted"],
  ["EISDIR", "it is a folder, where a file was expected"],
  ["ENOTDIR", "a part of the path is a file, where a folder was expected"],
  ["EROFS", "the file system is read-only"],
  ["ENOSPC", "no space left on the device"],
  ["EEXIST", "it exists already"],
  ["EBUSY", "it is busy"],
]);

function isTooDeep(error: unknown): boolean {
  return error instanceof RangeError && /call stack/.test(error.message);
}
