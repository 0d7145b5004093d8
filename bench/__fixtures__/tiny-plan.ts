import type { Plan } from "../plan.js";

/** The quick mode at 10 tools and one run each: enough to see a benchmark work, never to time it. */
export const TINY_PLAN: Plan = {
  mode: "quick",
  mainTools: 10,
  scalingTools: [10],
  typecheckTools: [10],
  processRuns: 1,
  baselineRuns: 1,
  largeRuns: 1,
  samples: 2,
};
