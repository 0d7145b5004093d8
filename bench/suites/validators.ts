import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildSync, transformSync } from "esbuild";
import { toolIdentifier } from "../../generator/model/names.js";
import type { BenchContext, Benchmark } from "../benchmark.js";
import { interleave } from "../interleave.js";
import { PACKAGE_ROOT } from "../paths.js";
import { TARGET_TOOLS } from "../plan.js";
import { type Row, row, type Target } from "../results.js";
import { summarize } from "../stats.js";
import type { BenchProject } from "../workspace.js";
import { clearOutput, generateFresh, rerunsChangingOneTool } from "./cli-runs.js";
import { compileGeneratedSpecs, runWorker } from "./runtime-worker.js";

const COLD: Target = { op: "<=", value: 3000, unit: "ms", of: "measured" };
const WARM: Target = { op: "<=", value: 400, unit: "ms", of: "measured" };

/**
 * `--validators` (a standalone ajv validator module per tool, cached by content): a cold run
 * with an empty cache, a rerun after one tool's schema changed, the validators' size, and
 * how fast they check typical arguments.
 */
export const validators: Benchmark = {
  name: "validators",
  run(context) {
    const { plan, workspace, log } = context;
    const project = workspace.project(plan.mainTools);
    const atTargetSize = project.tools === TARGET_TOOLS;
    const count = project.tools.toLocaleString("en-US");
    linkValidatorDependencies(project);
    const cache = path.join(project.root, "node_modules", ".cache");

    log(`gen --validators cold, ${project.tools} tools, ${plan.baselineRuns} runs`);
    const cold = coldRuns(project, plan.baselineRuns);
    rmSync(cache, { recursive: true, force: true });
    const coldMemory = generateFresh(project, { validators: true, measureMemory: true }).peakRssMB ?? Number.NaN;

    log(`gen --validators after changing one tool, ${plan.processRuns} runs`);
    const warm = rerunsChangingOneTool(project, plan.processRuns, { validators: true });
    const rows: Row[] = [
      row({
        id: `gen.validators.cold.n${project.tools}`,
        what: `gen-client-tools --validators, ${count} tools, cold (empty cache)`,
        measured: { ...summarize(cold), unit: "ms" },
        ...(atTargetSize && { targets: [COLD] }),
        details: { "peak RSS (MB)": coldMemory },
      }),
      row({
        id: `gen.validators.warm.n${project.tools}`,
        what: `gen-client-tools --validators, ${count} tools, rerun after changing one tool's schema`,
        measured: { ...summarize(warm), unit: "ms" },
        ...(atTargetSize && { targets: [WARM] }),
      }),
      sizeRow(project),
      mcpColdRow(context),
    ];
    log("generated validators' throughput");
    const specsModule = compileGeneratedSpecs(project);
    const validatorsModule = compileGeneratedValidators(project);
    const toolValidatorModules = compileSampledValidatorModules(project);
    rows.push(
      ...(runWorker(project, {
        benchmark: "validators",
        specsModule,
        validatorsModule,
        toolValidatorModules,
        samples: plan.samples,
        atTargetSize,
      }) as Row[]),
    );
    clearOutput(project);
    return rows;
  },
};

/** First runs: the cache emptied before each. */
function coldRuns(project: BenchProject, runs: number): number[] {
  const cache = path.join(project.root, "node_modules", ".cache");
  return interleave(runs, {
    cold: () => {
      rmSync(cache, { recursive: true, force: true });
      return generateFresh(project, { validators: true }).ms;
    },
  }).cold;
}

/** A first run on the corpus of real schemas, where tools share schemas as real tool sets do. */
function mcpColdRow({ plan, workspace, log }: BenchContext): Row {
  const project = workspace.project(plan.mainTools, "mcp");
  linkValidatorDependencies(project);
  log(`gen --validators cold, ${project.tools} tools of real MCP schemas, ${plan.processRuns} runs`);
  const cold = coldRuns(project, plan.processRuns);
  clearOutput(project);
  return row({
    id: `gen.validators.cold.mcp.n${project.tools}`,
    what: `gen-client-tools --validators, ${project.tools.toLocaleString("en-US")} tools of real MCP schemas, cold (empty cache)`,
    measured: { ...summarize(cold), unit: "ms" },
  });
}

/**
 * The generated validators (TypeScript modules) as one ES module for the benchmark's worker to import, as an app's
 * build would make them.
 */
function compileGeneratedValidators(project: BenchProject): string {
  const outfile = path.join(project.root, "validators.mjs");
  buildSync({
    entryPoints: [path.join(project.outFolder, "validators", "index.ts")],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    logLevel: "error",
  });
  return outfile;
}

/** How many tools' validator modules are each bundled alone, for the first-call latency. */
const FIRST_CALL_TOOLS = 25;

/**
 * Every n-th tool's validator module bundled alone (with ajv's helpers it uses), as an app loading them one by one
 * would.
 */
function compileSampledValidatorModules(project: BenchProject): { name: string; file: string }[] {
  const folder = path.join(project.outFolder, "validators");
  const names = new Map(
    project.corpus.specs.map((spec) => [toolIdentifier(String(spec["name"])), String(spec["name"])]),
  );
  const files = readdirSync(folder)
    .filter((file) => file.endsWith(".ts") && file !== "index.ts" && file !== "standard-schemas.ts")
    .sort();
  const step = Math.max(1, Math.floor(files.length / FIRST_CALL_TOOLS));
  const out = path.join(project.root, "validator-modules");
  mkdirSync(out, { recursive: true });
  return files
    .filter((_, i) => i % step === 0)
    .slice(0, FIRST_CALL_TOOLS)
    .map((file) => {
      const outfile = path.join(out, file.replace(/\.ts$/, ".mjs"));
      buildSync({
        entryPoints: [path.join(folder, file)],
        outfile,
        bundle: true,
        format: "esm",
        platform: "node",
        logLevel: "error",
      });
      return { name: names.get(file.replace(/\.ts$/, ""))!, file: outfile };
    });
}

/**
 * All the validators bundled as an app would (esbuild, minified, with ajv's runtime helpers), and each tool's module
 * alone.
 */
function sizeRow(project: BenchProject): Row {
  const folder = path.join(project.outFolder, "validators");
  const bundle = buildSync({
    entryPoints: [path.join(folder, "index.ts")],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "error",
  });
  const code = bundle.outputFiles[0]!.contents;
  const gzippedKB = gzipSync(code, { level: 9 }).byteLength / 1024;
  const perTool = readdirSync(folder)
    .filter((name) => name.endsWith(".ts") && name !== "index.ts")
    .map(
      (name) =>
        gzipSync(
          transformSync(readFileSync(path.join(folder, name), "utf8"), { loader: "ts", minify: true, format: "esm" })
            .code,
          { level: 9 },
        ).byteLength / 1024,
    );
  return row({
    id: `gen.validators.size.n${project.tools}`,
    what: `generated validators, all ${project.tools.toLocaleString("en-US")} tools bundled (esbuild, minified + gzipped, with ajv's helpers)`,
    measured: { median: gzippedKB, min: gzippedKB, max: gzippedKB, runs: 1, unit: "KB" },
    details: {
      "minified, not gzipped (KB)": code.byteLength / 1024,
      "per tool, minified + gzipped alone: median (KB)": summarize(perTool).median,
      "per tool: min (KB)": summarize(perTool).min,
      "per tool: max (KB)": summarize(perTool).max,
    },
  });
}

/**
 * The validators import ajv and ajv-formats at run time, from the project's node_modules:
 * link the package's own there. The validator cache then goes to that node_modules too.
 */
function linkValidatorDependencies(project: BenchProject): void {
  const modules = path.join(project.root, "node_modules");
  mkdirSync(modules, { recursive: true });
  for (const name of ["ajv", "ajv-formats"]) {
    rmSync(path.join(modules, name), { recursive: true, force: true });
    symlinkSync(path.join(PACKAGE_ROOT, "node_modules", name), path.join(modules, name), "dir");
  }
}
