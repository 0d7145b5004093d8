/**
 * How much to run. Iteration counts are fixed, never "until stable", so two runs do the same
 * work. The full plan uses the sizes; the quick one (CI, `--quick`) stays under a
 * minute with N up to 100. A target stated for 1,000 or 5,000 tools is attached to a row only
 * at that size; targets that do not depend on the size (throughput, per call, bundle) always are.
 */
export interface Plan {
  readonly mode: "full" | "quick";
  /** The size the end-to-end comparison, --check and the runtime rows run at. */
  readonly mainTools: number;
  /** Sizes the generator's end-to-end time is also reported at. */
  readonly scalingTools: readonly number[];
  /** Sizes `tsc --noEmit` runs at. */
  readonly typecheckTools: readonly number[];
  /** Timed runs of a fresh process (each after one discarded warm-up). */
  readonly processRuns: number;
  /** Timed runs of json-schema-to-typescript, which takes seconds per run. */
  readonly baselineRuns: number;
  /** Timed runs at the largest size. */
  readonly largeRuns: number;
  /** Samples of each in-process measurement. */
  readonly samples: number;
}

export const FULL_PLAN: Plan = {
  mode: "full",
  mainTools: 1000,
  scalingTools: [10, 100, 1000, 5000],
  typecheckTools: [1000, 5000],
  processRuns: 7,
  baselineRuns: 5,
  largeRuns: 3,
  samples: 15,
};

export const QUICK_PLAN: Plan = {
  mode: "quick",
  mainTools: 100,
  scalingTools: [10, 100],
  typecheckTools: [100],
  processRuns: 2,
  baselineRuns: 1,
  largeRuns: 1,
  samples: 3,
};

/** The tool count the issue states most targets for: a row at another size is information only. */
export const TARGET_TOOLS = 1000;
