// `npm run bench` (the full plan; rewrites bench/results/latest.json and BENCHMARKS.md) and
// `npm run bench -- --quick` (N up to 100, few runs; writes bench/results/scratch.json only).
// Options: --only <name>[,<name>] runs some benchmarks (results to scratch.json); --keep keeps
// the temp workspace; --render only rewrites BENCHMARKS.md from latest.json and bench/report/*.md
// (after editing the notes). Exits 1 only when a benchmark crashed, never because of a timing.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { BenchContext } from "./benchmark.js";
import { DEFAULT_SEED } from "./corpus/write-corpus.js";
import { describeMachine } from "./machine.js";
import { PACKAGE_ROOT } from "./paths.js";
import { FULL_PLAN, QUICK_PLAN } from "./plan.js";
import { benchmarksMarkdown, resultsTable } from "./report/markdown.js";
import type { BenchResults, Row } from "./results.js";
import { summarize } from "./stats.js";
import { BENCHMARKS } from "./suites/index.js";
import { Workspace } from "./workspace.js";

const { values: flags } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    keep: { type: "boolean", default: false },
    render: { type: "boolean", default: false },
  },
});
const resultsFolder = path.join(PACKAGE_ROOT, "bench", "results");
const latestFile = path.join(resultsFolder, "latest.json");
const note = (name: string) => readFileSync(path.join(PACKAGE_ROOT, "bench", "report", name), "utf8");
const writeMarkdown = (results: BenchResults) =>
  writeFileSync(
    path.join(PACKAGE_ROOT, "BENCHMARKS.md"),
    benchmarksMarkdown(results, { reading: note("reading.md"), findings: note("findings.md") }),
  );
if (flags.render) {
  writeMarkdown(JSON.parse(readFileSync(latestFile, "utf8")) as BenchResults);
  process.exit(0);
}
const only = flags.only?.split(",").map((name) => name.trim());
const unknown = only?.filter((name) => !BENCHMARKS.some((b) => b.name === name)) ?? [];
if (unknown.length > 0)
  throw new Error(
    `unknown benchmark ${unknown.join(", ")}: choose from ${BENCHMARKS.map((b) => JSON.stringify(b.name)).join(", ")}`,
  );

const started = performance.now();
const loadAtStart = os.loadavg();
const plan = flags.quick ? QUICK_PLAN : FULL_PLAN;
const workspace = new Workspace(DEFAULT_SEED);
const context: BenchContext = { plan, workspace, log: (line) => console.error(`bench: ${line}`) };
const rows: Row[] = [];
const crashes: { benchmark: string; error: string }[] = [];
try {
  for (const benchmark of BENCHMARKS.filter((b) => only === undefined || only.includes(b.name))) {
    try {
      rows.push(...(await benchmark.run(context)));
    } catch (error) {
      crashes.push({
        benchmark: benchmark.name,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      context.log(`${benchmark.name} CRASHED: ${String(error)}`);
    }
  }
} finally {
  if (flags.keep) context.log(`workspace kept in ${workspace.root}`);
  else workspace.dispose();
}

const results: BenchResults = {
  date: new Date().toISOString(),
  mode: plan.mode,
  machine: describeMachine(),
  load: { start: loadAtStart, end: os.loadavg() },
  corpus: {
    seed: workspace.seed,
    sizes: workspace.projects().map((project) => ({
      tools: project.tools,
      kind: project.kind,
      bytes: project.corpus.bytes,
      parametersBytes: summarize(
        project.corpus.specs.map(
          (spec) => Buffer.byteLength(JSON.stringify(spec["parameters"] ?? spec["inputSchema"])) / 1024,
        ),
      ),
    })),
  },
  rows,
  crashes,
  seconds: (performance.now() - started) / 1000,
};

const complete = plan.mode === "full" && only === undefined;
mkdirSync(resultsFolder, { recursive: true });
const resultsFile = complete ? latestFile : path.join(resultsFolder, "scratch.json");
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
if (complete) writeMarkdown(results);
console.log(resultsTable(results));
console.log(
  `\n${path.relative(process.cwd(), resultsFile)}${complete ? " and BENCHMARKS.md" : ""} written in ${Math.round(results.seconds)} s`,
);
for (const crash of crashes) console.error(`\n${crash.benchmark} crashed:\n${crash.error}`);
process.exitCode = crashes.length > 0 ? 1 : 0;
