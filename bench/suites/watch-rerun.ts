import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Benchmark } from "../benchmark.js";
import { CLI } from "../paths.js";
import { TARGET_TOOLS } from "../plan.js";
import { type Row, row, type Target } from "../results.js";
import { summarize } from "../stats.js";
import type { BenchProject } from "../workspace.js";
import { clearOutput } from "./cli-runs.js";

const RERUN: Target = { op: "<=", value: 50, unit: "ms", of: "measured" };
/** Untimed reruns first: the process's code warms up as in a developer's session. */
const WARM_UP = 5;
/** The longest a rerun may take to be reported before the benchmark counts it a crash. */
const REPORT_TIMEOUT_MS = 30_000;

/**
 * `gen-client-tools --watch` as a developer meets it: the command watching the project, one spec file saved with its
 * description edited, and the time the command itself reports for the run that follows (from the run's start, after
 * the watcher's quiet period, to the files written), as it prints it after each save.
 */
export const watchRerun: Benchmark = {
  name: "watch-rerun",
  async run({ plan, workspace, log }) {
    const rows: Row[] = [];
    for (const tools of [...new Set([Math.min(100, plan.mainTools), plan.mainTools])]) {
      const project = workspace.project(tools);
      log(`gen --watch, ${tools} tools, ${plan.samples} reruns after one spec file changed`);
      const measured = summarize((await rerunTimes(project, plan.samples)).slice(WARM_UP));
      rows.push(
        row({
          id: `gen.watch.rerun.n${tools}`,
          what: `gen-client-tools --watch, ${tools.toLocaleString("en-US")} tools, rerun after one spec file changed (as the command reports it)`,
          measured: { ...measured, unit: "ms" },
          ...(tools === TARGET_TOOLS && { targets: [RERUN] }),
        }),
      );
    }
    return rows;
  },
};

async function rerunTimes(project: BenchProject, reruns: number): Promise<number[]> {
  clearOutput(project);
  const files = readdirSync(project.specsFolder).sort();
  const watcher = spawn(process.execPath, [CLI, "--watch"], {
    cwd: project.root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const reports = writtenReports(watcher);
  const times: number[] = [];
  try {
    await reports.next(); // the first run, from scratch
    for (let run = 0; run < WARM_UP + reruns; run++) {
      const file = path.join(project.specsFolder, files[(run * 37) % files.length]!);
      const original = readFileSync(file, "utf8");
      writeFileSync(file, original.replace('"description": "', `"description": "Edited ${run}. `));
      times.push(await reports.next());
      writeFileSync(file, original);
      await reports.next();
    }
  } finally {
    watcher.kill("SIGINT");
  }
  return times;
}

/** The milliseconds of each "… written in N ms" line the command prints, one at a time. */
function writtenReports(child: ChildProcess): { next(): Promise<number> } {
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    async next() {
      const timeout = setTimeout(() => child.kill(), REPORT_TIMEOUT_MS);
      try {
        for (;;) {
          const line = await lines.next();
          if (line.done) throw new Error("gen-client-tools --watch ended before reporting a run");
          const ms = / written in (\d+) ms/.exec(line.value)?.[1];
          if (ms !== undefined) return Number(ms);
        }
      } finally {
        clearTimeout(timeout);
      }
    },
  };
}
