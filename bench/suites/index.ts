import type { Benchmark } from "../benchmark.js";
import { bundle } from "./bundle.js";
import { checkUpToDate } from "./check.js";
import { deployment } from "./deployment.js";
import { endToEnd } from "./end-to-end.js";
import { flood } from "./flood.js";
import { help } from "./help.js";
import { redisStore } from "./redis.js";
import { runtime } from "./runtime.js";
import { typecheck } from "./typecheck.js";
import { validators } from "./validators.js";
import { watchRerun } from "./watch-rerun.js";

/** Every benchmark, in the order of the table. */
export const BENCHMARKS: readonly Benchmark[] = [
  endToEnd,
  watchRerun,
  validators,
  checkUpToDate,
  help,
  typecheck,
  runtime,
  redisStore,
  deployment,
  flood,
  bundle,
];
