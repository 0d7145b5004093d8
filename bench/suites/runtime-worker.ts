import path from "node:path";
import { buildSync } from "esbuild";
import { builtBenchScript } from "../paths.js";
import { runNode } from "../process/node-process.js";
import type { WorkerRequest } from "../runtime/worker.js";
import type { BenchProject } from "../workspace.js";

/** Runs one runtime benchmark in a fresh worker process (see runtime/worker.ts); its stdout is JSON. */
export function runWorker(project: BenchProject, request: WorkerRequest): unknown {
  return JSON.parse(
    runNode(["--expose-gc", builtBenchScript("runtime/worker.js"), JSON.stringify(request)], { cwd: project.root })
      .stdout,
  );
}

/** The project's generated specs.ts as an ES module a worker can import (esbuild strips the types). */
export function compileGeneratedSpecs(project: BenchProject): string {
  const outfile = path.join(project.root, "specs.mjs");
  buildSync({
    entryPoints: [path.join(project.outFolder, "specs.ts")],
    outfile,
    format: "esm",
    platform: "neutral",
    logLevel: "error",
  });
  return outfile;
}
