import type { Benchmark } from "../benchmark.js";
import { interleave } from "../interleave.js";
import { runNode } from "../process/node-process.js";
import { CLI } from "../paths.js";
import { row } from "../results.js";
import { summarize } from "../stats.js";

/** `--help` in a fresh process: it must not load the generator's heavy dependencies. */
export const help: Benchmark = {
  name: "help",
  run({ plan, workspace, log }) {
    const cwd = workspace.folder("help");
    log(`gen --help, ${plan.processRuns} interleaved runs`);
    const samples = interleave(plan.processRuns, {
      floor: () => runNode(["-e", ""], { cwd }).ms,
      help: () => runNode([CLI, "--help"], { cwd }).ms,
    });
    return [
      row({
        id: "gen.help",
        what: "gen-client-tools --help, cold (fresh process)",
        measured: { ...summarize(samples.help), unit: "ms" },
        targets: [{ op: "<=", value: 150, unit: "ms", of: "measured" }],
        details: {
          'node -e "" floor (ms)': summarize(samples.floor).median,
          "peak RSS (MB)": runNode([CLI, "--help"], { cwd, measureMemory: true }).peakRssMB ?? Number.NaN,
        },
      }),
    ];
  },
};
