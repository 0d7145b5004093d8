import path from "node:path";
import type { Benchmark, BenchContext } from "../benchmark.js";
import { runNode } from "../process/node-process.js";
import { builtBenchScript } from "../paths.js";
import { interleave } from "../interleave.js";
import { TARGET_TOOLS } from "../plan.js";
import { row, type Row, type Target } from "../results.js";
import { pairedRatios, summarize } from "../stats.js";
import type { BenchProject } from "../workspace.js";
import { generateFresh, outputSizesKB } from "./cli-runs.js";

const JSTT = "json-schema-to-typescript compile() per schema (fresh process)";
const TARGETS: readonly Target[] = [
  { op: "<=", value: 350, unit: "ms", of: "measured" },
  { op: ">=", value: 10, unit: "×", of: "ratio" },
];

/**
 * The generator end to end as a fresh process, interleaved with the baseline on the same spec
 * files and with a bare `node -e ""` (the floor no Node CLI can go under); then the generator
 * alone at the other corpus sizes, to show how it scales.
 */
export const endToEnd: Benchmark = {
  name: "end-to-end",
  run(context) {
    const { plan } = context;
    const rows = compareWithBaseline(context, context.workspace.project(plan.mainTools));
    for (const tools of plan.scalingTools.filter((n) => n !== plan.mainTools)) {
      const project = context.workspace.project(tools);
      const runs = tools > plan.mainTools ? plan.largeRuns : plan.processRuns;
      context.log(`gen end to end, ${tools} tools, ${runs} runs`);
      const { gen } = interleave(runs, { gen: () => generateFresh(project).ms });
      rows.push(row({ id: `gen.e2e.n${tools}`, what: `gen-client-tools end to end, ${tools.toLocaleString("en-US")} tools (fresh process)`, measured: { ...summarize(gen), unit: "ms" }, details: memoryAndSizes(project) }));
    }
    return rows;
  },
};

function compareWithBaseline(context: BenchContext, project: BenchProject): Row[] {
  const { plan } = context;
  const jsttOut = path.join(project.root, "jstt-output.ts");
  const compileMs: number[] = [];
  const runBaseline = (measureMemory = false) => runNode([builtBenchScript("baseline/jstt-compile.js"), project.specsFolder, jsttOut], { cwd: project.root, measureMemory });
  context.log(`gen vs json-schema-to-typescript, ${project.tools} tools, ${plan.baselineRuns} interleaved runs`);
  const samples = interleave(plan.baselineRuns, {
    floor: () => runNode(["-e", ""], { cwd: project.root }).ms,
    gen: () => generateFresh(project).ms,
    jstt: () => {
      const run = runBaseline();
      compileMs.push((JSON.parse(run.stdout) as { compileMs: number }).compileMs);
      return run.ms;
    },
  });
  const baselineMemory = runBaseline(true);
  const baseline = JSON.parse(baselineMemory.stdout) as { schemas: number; failures: number };
  const atTarget = project.tools === TARGET_TOOLS;
  const count = project.tools.toLocaleString("en-US");
  return [
    row({
      id: `gen.e2e.n${project.tools}`,
      what: `gen-client-tools end to end, ${count} tools (fresh process: read, check, emit, write)`,
      measured: { ...summarize(samples.gen), unit: "ms" },
      ratio: { ...pairedRatios(samples.jstt, samples.gen), against: JSTT },
      ...(atTarget && { targets: TARGETS }),
      details: { ...memoryAndSizes(project), 'node -e "" floor (ms)': summarize(samples.floor).median },
    }),
    row({
      id: `baseline.jstt.n${project.tools}`,
      what: `baseline: ${JSTT}, ${count} tools`,
      measured: { ...summarize(samples.jstt), unit: "ms" },
      details: {
        // Its warm-up run is left out here too.
        "compile() calls alone (ms)": summarize(compileMs.slice(1)).median,
        "schemas compiled": baseline.schemas,
        "schemas it failed on": baseline.failures,
        "peak RSS (MB)": baselineMemory.peakRssMB ?? Number.NaN,
      },
    }),
  ];
}

/** One more, untimed run with the memory hook, then the sizes of what it wrote. */
function memoryAndSizes(project: BenchProject): Record<string, number> {
  const run = generateFresh(project, { measureMemory: true });
  return { "peak RSS (MB)": run.peakRssMB ?? Number.NaN, "spec files (KB)": project.corpus.bytes / 1024, ...outputSizesKB(project) };
}
