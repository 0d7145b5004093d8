// Runs one runtime benchmark in a process of its own, so the first registration is really the
// first, and heap figures hold only what the benchmark made. Usage:
//   node --expose-gc worker.js '{"benchmark": "broker", "specsModule": "/tmp/…/specs.mjs", "samples": 15,
//   "atTargetSize": true}' Prints the rows (for "register-first", the milliseconds) as JSON on stdout.
import { RUNTIME_BENCHMARKS, type RuntimeBenchmarkName } from "./benchmarks.js";
import { loadGeneratedSpecs } from "./input.js";
import { registerOnce } from "./registry.js";

export interface WorkerRequest {
  readonly benchmark: RuntimeBenchmarkName;
  readonly specsModule: string;
  readonly samples: number;
  readonly atTargetSize: boolean;
  readonly validatorsModule?: string;
  readonly toolValidatorModules?: readonly { readonly name: string; readonly file: string }[];
}

const request = JSON.parse(process.argv[2] ?? "{}") as WorkerRequest;
const specs = await loadGeneratedSpecs(request.specsModule);
if (request.benchmark === "register-first") {
  console.log(JSON.stringify(registerOnce(specs)));
} else {
  if (!Object.hasOwn(RUNTIME_BENCHMARKS, request.benchmark))
    throw new Error(`unknown runtime benchmark ${JSON.stringify(request.benchmark)}`);
  const { samples, atTargetSize, validatorsModule, toolValidatorModules } = request;
  const modules = {
    ...(validatorsModule !== undefined && { validatorsModule }),
    ...(toolValidatorModules !== undefined && { toolValidatorModules }),
  };
  console.log(
    JSON.stringify(await RUNTIME_BENCHMARKS[request.benchmark]({ specs, samples, atTargetSize, ...modules })),
  );
}
