import { readFileSync } from "node:fs";

/**
 * How many runs each property gets and from which seed. CI runs the defaults from a fixed
 * seed, so it is bounded and repeatable; `npm run test:fuzz -- --runs N` (scripts/test-fuzz.js)
 * sets GCT_FUZZ_RUNS and a random GCT_FUZZ_SEED for longer hunts.
 */
export function fuzzSettings(defaultRuns: number): { numRuns: number; seed: number } {
  const runs = Number(process.env["GCT_FUZZ_RUNS"]);
  const seed = Number(process.env["GCT_FUZZ_SEED"]);
  return {
    numRuns: Number.isInteger(runs) && runs > 0 ? runs : defaultRuns,
    seed: Number.isInteger(seed) ? seed : 20261130,
  };
}

/** One failure a fuzz run found: replayed first by every later run of its property. */
export interface Regression {
  readonly property: string;
  /**
   * The seed of the run that found it (the counterexample, not the seed, is replayed: it survives changes to the
   * arbitraries).
   */
  readonly seed: number;
  /** What went wrong, and what fixed it. */
  readonly found: string;
  /** The counterexample fast-check reported (the property's arguments, as JSON). */
  readonly counterexample: unknown;
}

/** The committed counterexamples of one property (regressions.json beside this file). */
export function regressionsOf(property: string): unknown[] {
  const all = JSON.parse(readFileSync(new URL("./regressions.json", import.meta.url), "utf8")) as Regression[];
  return all.filter((r) => r.property === property).map((r) => r.counterexample);
}
