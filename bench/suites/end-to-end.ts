import path from "node:path";
import type { BenchContext, Benchmark } from "../benchmark.js";
import { interleave } from "../interleave.js";
import { builtBenchScript } from "../paths.js";
import { TARGET_TOOLS } from "../plan.js";
import { runNode } from "../process/node-process.js";
import { type Row, row, type Target } from "../results.js";
import { pairedRatios, summarize } from "../stats.js";
import type { BenchProject } from "../workspace.js";
import { generateFresh, outputSizesKB, rerunsChangingOneTool } from "./cli-runs.js";

const JSTT = "json-schema-to-typescript compile() per schema (fresh process)";
const TARGETS: readonly Target[] = [
  { op: "<=", value: 350, unit: "ms", of: "measured" },
  { op: ">=", value: 20, unit: "×", of: "ratio" },
];
/** The largest corpus: linear in the tools (at most 5 times the 1,000-tool figure), in bounded memory. */
const LARGE_TOOLS = 5000;
const SCALING: Target = { op: "<=", value: 5, unit: "×", of: "measured" };
const LARGE_RSS: Target = { op: "<=", value: 300, unit: "MB", of: "measured" };
/** A small project: at most 3 times what Node takes to start and exit, measured beside it. */
const SMALL_TOOLS = 100;
const SMALL_FLOOR: Target = { op: "<=", value: 3, unit: "×", of: "measured" };

/**
 * The generator end to end as a fresh process, interleaved with the baseline on the same spec
 * files and with a bare `node -e ""` (the floor no Node CLI can go under), on the synthetic
 * corpus and on one of real schemas (the official MCP servers'); then the generator alone at the
 * other corpus sizes, to show how it scales.
 */
export const endToEnd: Benchmark = {
  name: "end-to-end",
  run(context) {
    const { plan } = context;
    const mainProject = context.workspace.project(plan.mainTools);
    const rows = compareWithBaseline(context, mainProject);
    rows.push(rerunRow(context, mainProject));
    rows.push(...compareWithBaseline(context, context.workspace.project(plan.mainTools, "mcp")));
    for (const tools of plan.scalingTools.filter((n) => n !== plan.mainTools)) {
      const project = context.workspace.project(tools);
      const runs = tools > plan.mainTools ? plan.largeRuns : plan.processRuns;
      context.log(`gen end to end, ${tools} tools, ${runs} runs`);
      const { gen, floor } = interleave(runs, {
        gen: () => generateFresh(project).ms,
        floor: () => runNode(["-e", ""], { cwd: project.root }).ms,
      });
      const details: Record<string, number> = {
        ...memoryAndSizes(project),
        'node -e "" floor (ms)': summarize(floor).median,
      };
      const measured = summarize(gen);
      const count = tools.toLocaleString("en-US");
      rows.push(
        row({
          id: `gen.e2e.n${tools}`,
          what: `gen-client-tools end to end, ${count} tools (fresh process)`,
          measured: { ...measured, unit: "ms" },
          details,
        }),
      );
      if (tools === SMALL_TOOLS)
        rows.push(
          row({
            id: `gen.e2e.floor.n${tools}`,
            what: `gen-client-tools end to end, ${count} tools (fresh process), as a multiple of the node -e "" floor`,
            measured: { ...pairedRatios(gen, floor), unit: "×" },
            targets: [SMALL_FLOOR],
          }),
        );
      const main = rows[0]!.measured.median;
      if (tools === LARGE_TOOLS && plan.mainTools === TARGET_TOOLS)
        rows.push(...largeCorpusRows(measured.median / main, details["peak RSS (MB)"]!));
    }
    return rows;
  },
};

function compareWithBaseline(context: BenchContext, project: BenchProject): Row[] {
  const { plan } = context;
  const jsttOut = path.join(project.root, "jstt-output.ts");
  const compileMs: number[] = [];
  const runBaseline = (measureMemory = false) =>
    runNode([builtBenchScript("baseline/jstt-compile.js"), project.specsFolder, jsttOut], {
      cwd: project.root,
      measureMemory,
    });
  const mcp = project.kind === "mcp";
  const corpus = mcp ? " of real MCP schemas" : "";
  context.log(
    `gen vs json-schema-to-typescript, ${project.tools} tools${corpus}, ${plan.baselineRuns} interleaved runs`,
  );
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
      id: `gen.e2e.${mcp ? "mcp." : ""}n${project.tools}`,
      what: `gen-client-tools end to end, ${count} tools${corpus} (fresh process: read, check, emit, write)`,
      measured: { ...summarize(samples.gen), unit: "ms" },
      ratio: { ...pairedRatios(samples.jstt, samples.gen), against: JSTT },
      ...(atTarget && { targets: TARGETS }),
      details: { ...memoryAndSizes(project), 'node -e "" floor (ms)': summarize(samples.floor).median },
    }),
    row({
      id: `baseline.jstt.${mcp ? "mcp." : ""}n${project.tools}`,
      what: `baseline: ${JSTT}, ${count} tools${corpus}`,
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

/**
 * A rerun in a fresh process after one tool's spec changed (an npm script, a pre-commit hook): the products store
 * gives every other tool's parts from the files the run before generated.
 */
function rerunRow({ plan, log }: BenchContext, project: BenchProject): Row {
  log(`gen rerun after changing one tool, ${project.tools} tools, ${plan.processRuns} runs`);
  generateFresh(project);
  const reruns = rerunsChangingOneTool(project, plan.processRuns);
  return row({
    id: `gen.rerun.n${project.tools}`,
    what: `gen-client-tools, ${project.tools.toLocaleString("en-US")} tools, rerun in a fresh process after changing one tool's spec`,
    measured: { ...summarize(reruns), unit: "ms" },
  });
}

/** How the 5,000-tool run compares with the 1,000-tool one (medians), and its peak memory. */
function largeCorpusRows(scaling: number, peakRssMB: number): Row[] {
  const once = (value: number) => ({ median: value, min: value, max: value, runs: 1 });
  return [
    row({
      id: "gen.e2e.scaling.n5000",
      what: "gen-client-tools end to end, 5,000 tools, as a multiple of the 1,000-tool median",
      measured: { ...once(scaling), unit: "×" },
      targets: [SCALING],
    }),
    row({
      id: "gen.e2e.rss.n5000",
      what: "gen-client-tools end to end, 5,000 tools, peak RSS",
      measured: { ...once(peakRssMB), unit: "MB" },
      targets: [LARGE_RSS],
    }),
  ];
}

/** One more, untimed run with the memory hook, then the sizes of what it wrote. */
function memoryAndSizes(project: BenchProject): Record<string, number> {
  const run = generateFresh(project, { measureMemory: true });
  return {
    "peak RSS (MB)": run.peakRssMB ?? Number.NaN,
    "spec files (KB)": project.corpus.bytes / 1024,
    ...outputSizesKB(project),
  };
}
