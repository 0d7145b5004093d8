import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MANIFEST_FILE } from "../../generator/output-format/manifest.js";
import type { Benchmark } from "../benchmark.js";
import { interleave } from "../interleave.js";
import { TARGET_TOOLS } from "../plan.js";
import { row } from "../results.js";
import { summarize } from "../stats.js";
import { checkOutput, generateFresh } from "./cli-runs.js";

/**
 * `--check` on output that is up to date, as CI runs it on every push: answered from the manifest.
 * Beside it, the path taken when the manifest does not match (a spec changed, a file was edited,
 * prettier formats the output): generate everything and compare.
 */
export const checkUpToDate: Benchmark = {
  name: "check",
  run({ plan, workspace, log }) {
    const project = workspace.project(plan.mainTools);
    generateFresh(project);
    log(`gen --check, ${project.tools} tools, ${plan.processRuns} runs`);
    let outOfDate = 0;
    const manifestFile = path.join(project.outFolder, MANIFEST_FILE);
    const manifest = readFileSync(manifestFile, "utf8");
    const { check, full } = interleave(plan.processRuns, {
      check: () => {
        const run = checkOutput(project);
        if (run.status !== 0) outOfDate++;
        return run.ms;
      },
      full: () => {
        // A manifest whose input digest no longer matches: --check must generate and compare (and then reports the
        // manifest).
        writeFileSync(manifestFile, manifest.replace(/"inputs": "[0-9a-f]/, '"inputs": "x'));
        try {
          return checkOutput(project).ms;
        } finally {
          writeFileSync(manifestFile, manifest);
        }
      },
    });
    // Output the generator itself just wrote must check clean; if not, the timing is of the wrong path.
    if (outOfDate > 0) throw new Error(`--check reported freshly generated output as out of date (${outOfDate} runs)`);
    return [
      row({
        id: `gen.check.n${project.tools}`,
        what: `gen-client-tools --check on up-to-date output, ${project.tools.toLocaleString("en-US")} tools`,
        measured: { ...summarize(check), unit: "ms" },
        ...(project.tools === TARGET_TOOLS && { targets: [{ op: "<=", value: 300, unit: "ms", of: "measured" }] }),
        details: {
          "peak RSS (MB)": checkOutput(project, { measureMemory: true }).peakRssMB ?? Number.NaN,
          "when the manifest does not match: generate and compare, median (ms)": summarize(full).median,
        },
      }),
    ];
  },
};
