import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Benchmark } from "../benchmark.js";
import { interleave } from "../interleave.js";
import { CLI, PACKAGE_ROOT } from "../paths.js";
import { runNode } from "../process/node-process.js";
import { row } from "../results.js";
import { pairedRatios, summarize } from "../stats.js";

/** What a normal run does before it generates: load yargs-parser and the options table, and read its command line. */
const PARSE_ONLY = `const { parseCommandLine } = await import(${JSON.stringify(pathToFileURL(path.join(PACKAGE_ROOT, "dist/generator/cli/arguments.js")).href)});
parseCommandLine(["--in", "client-tools", "--out", "src/client-tools.gen", "--no-validators", "--check"], process.env);`;

/**
 * `--help` and the command line's parsing, in fresh processes beside the `node -e ""` floor:
 * the ratio to the floor is the figure that travels between machines.
 */
export const help: Benchmark = {
  name: "help",
  run({ plan, workspace, log }) {
    const cwd = workspace.folder("help");
    log(`gen --help and the command line's parsing, ${plan.processRuns} interleaved runs`);
    const samples = interleave(plan.processRuns, {
      floor: () => runNode(["-e", ""], { cwd }).ms,
      help: () => runNode([CLI, "--help"], { cwd }).ms,
      parse: () => runNode(["--input-type=module", "-e", PARSE_ONLY], { cwd }).ms,
    });
    const floor = summarize(samples.floor).median;
    return [
      row({
        id: "gen.help",
        what: 'gen-client-tools --help, cold (fresh process), as a multiple of the node -e "" floor',
        measured: { ...pairedRatios(samples.help, samples.floor), unit: "×" },
        targets: [{ op: "<=", value: 2.5, unit: "×", of: "measured" }],
        details: {
          "--help (ms)": summarize(samples.help).median,
          'node -e "" floor (ms)': floor,
          "peak RSS (MB)": runNode([CLI, "--help"], { cwd, measureMemory: true }).peakRssMB ?? Number.NaN,
        },
      }),
      row({
        id: "gen.parse-arguments",
        what: "a normal run's command line read (yargs-parser and the options table loaded, one parse), fresh process, above the floor",
        measured: { ...summarize(samples.parse.map((ms, i) => ms - samples.floor[i]!)), unit: "ms" },
        details: { "process (ms)": summarize(samples.parse).median, 'node -e "" floor (ms)': floor },
      }),
    ];
  },
};
