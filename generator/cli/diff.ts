import path from "node:path";
import { formatDiagnostic } from "../diagnostics.js";
import { diffReport, formatDiffReport } from "../diff/diff-report.js";
import { diffSpecSets } from "../diff/spec-diff.js";
import { readSpecSet } from "../diff/spec-set.js";
import { loadConfig } from "../options/config-file.js";
import { GENERATE_OPTIONS } from "../options/table.js";
import type { DiffArguments } from "./arguments.js";

/**
 * `gen-client-tools diff <old> [<new>]`: what changed in each tool between two spec sets, and
 * what of it breaks a rolling deploy. 0, or 1 where `--fail-on breaking` finds a breaking tool
 * that is not allowed or a spec set has problems (as a run's exit codes: 2 is for usage errors).
 */
export function diffCommand(args: DiffArguments, cwd: string): number {
  const config = loadConfig(args.config, cwd);
  if (config.diagnostics.length > 0) {
    for (const diagnostic of config.diagnostics) console.error(formatDiagnostic(diagnostic));
    return 1;
  }
  const specFolders = (config.options.in ?? GENERATE_OPTIONS.in.default).map((folder) => path.resolve(cwd, folder));
  const newWhere = args.new ?? (config.options.in ?? GENERATE_OPTIONS.in.default).join(",");
  const sides = [
    readSpecSet(args.old, cwd, specFolders),
    args.new === undefined ? readSpecSets(specFolders, cwd, newWhere) : readSpecSet(args.new, cwd, specFolders),
  ];
  let unreadable = false;
  for (const side of sides) {
    if (!("diagnostics" in side)) continue;
    unreadable = true;
    for (const diagnostic of side.diagnostics) console.error(formatDiagnostic(diagnostic));
  }
  if (unreadable) {
    console.error("gen-client-tools diff: a revision or spec set could not be read (above): fix it, or compare others");
    return 1;
  }
  const [before, after] = sides as [{ specs: never[]; label: string }, { specs: never[]; label: string }];
  const report = diffReport(before.label, after.label, diffSpecSets(before.specs, after.specs), args.allow);
  process.stdout.write(args.json ? `${JSON.stringify(report, null, 2)}\n` : formatDiffReport(report, args.verbose));
  return args.failOnBreaking && report.breaking.length > 0 ? 1 : 0;
}

/** The configured spec folders, read together as a run reads them. */
function readSpecSets(folders: readonly string[], cwd: string, label: string) {
  const read = folders.map((folder) => readSpecSet(folder, cwd, folders));
  const problems = read.flatMap((side) => ("diagnostics" in side ? side.diagnostics : []));
  if (problems.length > 0) return { label, diagnostics: problems };
  return { label, specs: read.flatMap((side) => ("specs" in side ? side.specs : [])) };
}
