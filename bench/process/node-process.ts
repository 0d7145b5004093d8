import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { builtBenchScript } from "../paths.js";

export interface NodeRun {
  /** Wall time from spawn to exit, as a user waiting on the command sees it. */
  readonly ms: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly status: number;
  /** Peak resident set size in MB, when asked for. */
  readonly peakRssMB?: number;
}

export interface NodeRunOptions {
  readonly cwd: string;
  /** Exit statuses that are not a crash; default only 0. */
  readonly okStatuses?: readonly number[];
  /** Load the peak-RSS hook (untimed runs only: it adds a module load). */
  readonly measureMemory?: boolean;
}

const HOOK = pathToFileURL(builtBenchScript("process/peak-rss-hook.js")).href;

/**
 * Runs `node ...args` as a fresh process and waits for it. Throws, with its stderr, when it
 * exits with a status not in `okStatuses`: a benchmark that crashes must fail the run.
 */
export function runNode(args: readonly string[], options: NodeRunOptions): NodeRun {
  const memoryFolder = options.measureMemory ? mkdtempSync(path.join(os.tmpdir(), "gct-rss-")) : undefined;
  const memoryFile = memoryFolder && path.join(memoryFolder, "rss");
  const env = memoryFile === undefined ? process.env : { ...process.env, GCT_BENCH_PEAK_RSS: memoryFile };
  const fullArgs = memoryFile === undefined ? args : ["--import", HOOK, ...args];
  try {
    const started = performance.now();
    const child = spawnSync(process.execPath, fullArgs, {
      cwd: options.cwd,
      env,
      encoding: "utf8",
      maxBuffer: 256 * 2 ** 20,
    });
    const ms = performance.now() - started;
    if (child.error !== undefined) throw child.error;
    const status = child.status ?? -1;
    if (!(options.okStatuses ?? [0]).includes(status)) {
      throw new Error(
        `node ${args.join(" ")} exited with ${child.signal ?? status}:\n${child.stderr.slice(-4000)}${child.stdout.slice(-2000)}`,
      );
    }
    const peakRssMB = memoryFile === undefined ? undefined : Number(readFileSync(memoryFile, "utf8")) / 1024;
    return { ms, stdout: child.stdout, stderr: child.stderr, status, ...(peakRssMB !== undefined && { peakRssMB }) };
  } finally {
    if (memoryFolder !== undefined) rmSync(memoryFolder, { recursive: true, force: true });
  }
}
