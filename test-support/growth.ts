/**
 * How much longer a task takes on an input 4 times as large: about 4 when its time is linear
 * in the size, 16 when quadratic. Relative, never absolute, so a slow or busy machine does not
 * fail it: the two sizes run `runs` times each, interleaved (after a warm-up at the small one), and
 * their medians are compared. `prepare(n)` builds the input of size n outside the timing and
 * returns the task to time.
 */
export async function growthRatio(prepare: (n: number) => () => unknown, n: number, runs = 3): Promise<number> {
  const small = prepare(n);
  const large = prepare(4 * n);
  await small();
  const times = { small: [] as number[], large: [] as number[] };
  for (let i = 0; i < runs; i++) {
    times.small.push(await timeMs(small));
    times.large.push(await timeMs(large));
  }
  return median(times.large) / median(times.small);
}

/** The assertion bound: linear growth gives 4; this leaves room for noise and GC, and still fails quadratic growth (16). */
export const LINEAR_BOUND = 9;

async function timeMs(task: () => unknown): Promise<number> {
  const start = performance.now();
  await task();
  return performance.now() - start;
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  // A floor keeps a task too fast to time (a millisecond or less) from producing a wild ratio.
  return Math.max(sorted[Math.floor(sorted.length / 2)]!, 1);
}
