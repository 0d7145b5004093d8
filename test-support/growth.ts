/**
 * How much longer a task takes on an input 4 times as large: about 4 when its time is linear
 * in the size, 16 when quadratic. Relative, never absolute, so a slow or busy machine does not
 * fail it: the two sizes run `runs` times each, interleaved (after a warm-up), and their
 * medians are compared. A task too quick to time (a millisecond is coarse) is timed in batches
 * of repetitions, the same for both sizes. `prepare(n)` builds the input of size n outside the
 * timing and returns the task to time.
 */
export async function growthRatio(prepare: (n: number) => () => unknown, n: number, runs = 5): Promise<number> {
  const small = prepare(n);
  const large = prepare(4 * n);
  await small();
  await large();
  let batch = 1;
  while (batch < 1024 && (await timeMs(small, batch)) < 60) batch *= 2;
  const times = { small: [] as number[], large: [] as number[] };
  for (let i = 0; i < runs; i++) {
    times.small.push(await timeMs(small, batch));
    times.large.push(await timeMs(large, batch));
  }
  return median(times.large) / median(times.small);
}

/**
 * The assertion bound: linear growth gives 4; this leaves room for noise and GC, and still fails quadratic growth (16).
 */
export const LINEAR_BOUND = 9;

async function timeMs(task: () => unknown, batch: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < batch; i++) await task();
  return performance.now() - start;
}

function median(times: number[]): number {
  return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}
