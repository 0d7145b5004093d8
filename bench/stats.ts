/** Median, min and max of repeated measurements: the form every number in the report takes. */
export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  /** How many measurements. */
  readonly runs: number;
}

export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error("summarize: no samples");
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, runs: sorted.length };
}

/** Applies `f` to every figure: converting units, or samples of time into throughput. */
export function mapSummary(summary: Summary, f: (value: number) => number): Summary {
  const [a, b] = [f(summary.min), f(summary.max)];
  return { median: f(summary.median), min: Math.min(a, b), max: Math.max(a, b), runs: summary.runs };
}

/**
 * `slow / fast` for each interleaved pair (run i of one against run i of the other), so
 * drift over the run (a neighbour's test suite starting) hits both sides of every ratio alike.
 */
export function pairedRatios(slow: readonly number[], fast: readonly number[]): Summary {
  if (slow.length !== fast.length) throw new Error("pairedRatios: the runs were not interleaved pairwise");
  return summarize(slow.map((s, i) => s / fast[i]!));
}
