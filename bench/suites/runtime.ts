import type { Benchmark } from "../benchmark.js";
import { TARGET_TOOLS } from "../plan.js";
import type { Row } from "../results.js";
import type { RuntimeBenchmarkName } from "../runtime/benchmarks.js";
import { firstRegistrationRow } from "../runtime/registry.js";
import { generateFresh } from "./cli-runs.js";
import { compileGeneratedSpecs, runWorker } from "./runtime-worker.js";

const IN_ONE_WORKER: readonly RuntimeBenchmarkName[] = [
  "register-repeat",
  "fingerprint",
  "export",
  "export-compile",
  "broker",
  "broker-sdk",
  "compare",
  "partial-json",
];

/**
 * The runtime, fed the generated specs.ts: each benchmark in a worker process of its own,
 * and the first registration once per fresh process.
 */
export const runtime: Benchmark = {
  name: "runtime",
  run({ plan, workspace, log }) {
    const project = workspace.project(plan.mainTools);
    generateFresh(project);
    const specsModule = compileGeneratedSpecs(project);
    const atTargetSize = project.tools === TARGET_TOOLS;
    const request = (benchmark: RuntimeBenchmarkName) => ({
      benchmark,
      specsModule,
      samples: plan.samples,
      atTargetSize,
    });

    log(`runtime: first registration, ${plan.processRuns} fresh processes`);
    const first = Array.from(
      { length: plan.processRuns },
      () => runWorker(project, request("register-first")) as number,
    );
    const rows: Row[] = [firstRegistrationRow(project.tools, atTargetSize, first)];
    for (const name of IN_ONE_WORKER) {
      log(`runtime: ${name}`);
      rows.push(...(runWorker(project, request(name)) as Row[]));
    }
    return rows;
  },
};
