import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { interleave } from "../interleave.js";
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

/**
 * Reruns, each a fresh process, with one spec's parameters description edited back and forth: every run finds exactly
 * one tool changed since the run before (and, with validators, one whose validator is not in the cache). The spec is
 * restored afterwards.
 */
export function rerunsChangingOneTool(project: BenchProject, runs: number, options: GenerateRunOptions = {}): number[] {
  const file = path.join(project.specsFolder, readdirSync(project.specsFolder).sort()[0]!);
  const original = readFileSync(file, "utf8");
  const spec = JSON.parse(original) as Record<string, Record<string, unknown>>;
  const key = "parameters" in spec ? "parameters" : "inputSchema";
  const edited = `${JSON.stringify({ ...spec, [key]: { ...spec[key], description: `${String(spec[key]!["description"])} Edited.` } }, null, 2)}\n`;
  let toggle = false;
  try {
    return interleave(runs, {
      rerun: () => {
        toggle = !toggle;
        writeFileSync(file, toggle ? edited : original);
        return generate(project, options).ms;
      },
    }).rerun;
  } finally {
    writeFileSync(file, original);
    generate(project, options);
  }
}

/**
 * Removes the generated folder, the handlers file and the generator's cache (node_modules/.cache/gen-client-tools: what
 * the last run found, which a run takes even without its output): the state of a project's first run.
 */
export function clearOutput(project: BenchProject): void {
  rmSync(project.outFolder, { recursive: true, force: true });
  rmSync(project.stubsFile, { force: true });
  rmSync(path.join(project.root, "node_modules", ".cache", "gen-client-tools"), { recursive: true, force: true });
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
