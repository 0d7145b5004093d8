import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildSync } from "esbuild";
import type { Benchmark } from "../benchmark.js";
import { PACKAGE_ROOT } from "../paths.js";
import { row } from "../results.js";
import type { BenchProject } from "../workspace.js";
import { generateFresh } from "./cli-runs.js";

/** What `@gen-client-tools/runtime` resolves to, and each adapter entry a frontend uses. */
const RUNTIME = path.join(PACKAGE_ROOT, "runtime", "dist");
const RUNTIME_BROWSER = path.join(RUNTIME, "index.js");
const ADAPTERS = {
  "ai-sdk": { module: path.join(RUNTIME, "adapters", "ai-sdk", "index.js"), handler: "handleAiSdkToolCall" },
  "ag-ui": { module: path.join(RUNTIME, "adapters", "ag-ui", "index.js"), handler: "handleAgUiToolCall" },
} as const;
/** The frameworks themselves are the app's, not ours: left out of the measured bundle. */
const FRAMEWORKS = ["ai", "@ag-ui/core", "@ag-ui/client", "@modelcontextprotocol/sdk"];

/**
 * What a frontend ships for dispatch and the runner: the generated handlers.ts's
 * `dispatchClientAction` and the runtime's `createClientToolRunner`, bundled by esbuild
 * (minified, tree-shaken), then gzipped. Validators are not imported. Measured on the
 * smallest corpus (the fixed cost) and on the main one (what each tool adds: its name).
 */
export const bundle: Benchmark = {
  name: "bundle",
  run({ plan, workspace, log }) {
    const small = workspace.project(plan.scalingTools[0]!);
    const large = workspace.project(plan.mainTools);
    log(`frontend bundle, ${small.tools} and ${large.tools} tools`);
    const smallSizes = sizes(small);
    const largeSizes = sizes(large);
    const adapterSizes = adapterBundles(small);
    return [
      row({
        id: `bundle.tool-call-adapter.n${small.tools}`,
        what: `frontend bundle: dispatchToolCall + the AI SDK adapter's handleAiSdkToolCall (esbuild, minified, gzipped, no validators, the framework external), ${small.tools} tools`,
        measured: {
          median: adapterSizes["ai-sdk"],
          min: adapterSizes["ai-sdk"],
          max: adapterSizes["ai-sdk"],
          runs: 1,
          unit: "KB",
        },
        targets: [{ op: "<=", value: 3, unit: "KB", of: "measured" }],
        details: {
          "dispatchToolCall + handleAgUiToolCall (KB gz)": adapterSizes["ag-ui"],
          "dispatchToolCall alone (KB gz)": adapterSizes.dispatch,
        },
      }),
      row({
        id: `bundle.dispatch-runner.n${small.tools}`,
        what: `frontend bundle: dispatch + runner (esbuild, minified, gzipped, no validators), ${small.tools} tools`,
        measured: { median: smallSizes.both, min: smallSizes.both, max: smallSizes.both, runs: 1, unit: "KB" },
        targets: [{ op: "<=", value: 3, unit: "KB", of: "measured" }],
        details: {
          "minified, not gzipped (KB)": smallSizes.minified,
          "dispatch alone (KB gz)": smallSizes.dispatch,
          "runner alone (KB gz)": smallSizes.runner,
          ...(large.tools > small.tools && {
            [`dispatch + runner, ${large.tools} tools (KB gz)`]: largeSizes.both,
            "each further tool (bytes gz)": ((largeSizes.both - smallSizes.both) * 1024) / (large.tools - small.tools),
          }),
        },
      }),
    ];
  },
};

function sizes(project: BenchProject): { both: number; dispatch: number; runner: number; minified: number } {
  generateFresh(project);
  const handlers = JSON.stringify(path.join(project.outFolder, "handlers.ts"));
  const runner = JSON.stringify(RUNTIME_BROWSER);
  const both = bundled(
    project,
    `export { dispatchClientAction } from ${handlers};\nexport { createClientToolRunner } from ${runner};\n`,
  );
  return {
    both: both.gzipped,
    minified: both.minified,
    dispatch: bundled(project, `export { dispatchClientAction } from ${handlers};\n`).gzipped,
    runner: bundled(project, `export { createClientToolRunner } from ${runner};\n`).gzipped,
  };
}

/** `dispatchToolCall` with each adapter's frontend handler, and alone. */
function adapterBundles(project: BenchProject): { "ai-sdk": number; "ag-ui": number; dispatch: number } {
  const dispatch = `export { dispatchToolCall } from ${JSON.stringify(path.join(project.outFolder, "handlers.ts"))};\n`;
  const withAdapter = (name: keyof typeof ADAPTERS): number => {
    const { module, handler } = ADAPTERS[name];
    return bundled(project, `${dispatch}export { ${handler} } from ${JSON.stringify(module)};\n`).gzipped;
  };
  return {
    "ai-sdk": withAdapter("ai-sdk"),
    "ag-ui": withAdapter("ag-ui"),
    dispatch: bundled(project, dispatch).gzipped,
  };
}

/** KB of the bundle of `entry`, minified and then gzipped (level 9, as a CDN serves it). */
function bundled(project: BenchProject, entry: string): { minified: number; gzipped: number } {
  const result = buildSync({
    stdin: { contents: entry, resolveDir: project.root, loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    external: FRAMEWORKS,
    // The generated code imports @gen-client-tools/runtime: this repository's workspace link to it.
    nodePaths: [path.join(PACKAGE_ROOT, "node_modules")],
    logLevel: "error",
  });
  const code = result.outputFiles[0]!.contents;
  return { minified: code.byteLength / 1024, gzipped: gzipSync(code, { level: 9 }).byteLength / 1024 };
}
