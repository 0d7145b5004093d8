/**
 * Runs each contender once per round, in the same order, for `runs` rounds after one
 * discarded warm-up round (it fills the OS file cache): A B A B, so a slowdown from the
 * machine's other load lands on every contender instead of on whichever ran then.
 */
export function interleave<K extends string>(
  runs: number,
  contenders: Readonly<Record<K, () => number>>,
): Record<K, number[]> {
  const names = Object.keys(contenders) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = -1; round < runs; round++) {
    for (const name of names) {
      const ms = contenders[name]();
      if (round >= 0) samples[name].push(ms);
    }
  }
  return samples;
}
