import { readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { CLI } from "../paths.js";
import { type NodeRun, runNode } from "../process/node-process.js";
import type { BenchProject } from "../workspace.js";

/**
 * The CLI with its defaults in the project's folder, as a user runs it, after removing the
 * previous output and handlers file: every run reads, checks, emits and writes everything.
 */
export function generateFresh(project: BenchProject, options: GenerateRunOptions = {}): NodeRun {
  clearOutput(project);
  return generate(project, options);
}

export interface GenerateRunOptions {
  readonly measureMemory?: boolean;
  /** Also write the standalone validators (`--validators`). */
  readonly validators?: boolean;
}

/** The CLI with its defaults, over whatever output the project has. */
export function generate(project: BenchProject, options: GenerateRunOptions = {}): NodeRun {
  const args = options.validators ? [CLI, "--validators", "--quiet"] : [CLI, "--quiet"];
  return runNode(args, {
    cwd: project.root,
    ...(options.measureMemory !== undefined && { measureMemory: options.measureMemory }),
  });
}

/** Removes the generated folder and the handlers file: the state of a project's first run. */
export function clearOutput(project: BenchProject): void {
  rmSync(project.outFolder, { recursive: true, force: true });
  rmSync(project.stubsFile, { force: true });
}

/** `--check` on the project's current output; exit 1 (out of date) is not a crash but is reported by the caller. */
export function checkOutput(project: BenchProject, options: { measureMemory?: boolean } = {}): NodeRun {
  return runNode([CLI, "--check", "--quiet"], { cwd: project.root, okStatuses: [0, 1], ...options });
}

/** Sizes of the generated files in KB, by file name, and their total. */
export function outputSizesKB(project: BenchProject): Record<string, number> {
  const sizes: Record<string, number> = {};
  let total = 0;
  for (const name of readdirSync(project.outFolder).sort()) {
    const bytes = statSync(path.join(project.outFolder, name)).size;
    sizes[`${name} (KB)`] = bytes / 1024;
    total += bytes;
  }
  sizes["generated total (KB)"] = total / 1024;
  return sizes;
}
