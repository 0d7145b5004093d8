// `npm run test:fuzz -- --runs N [--seed S]`: the property-based tests (test-support/fuzz and every *-fuzz.test.ts)
// with N runs per property (and a random seed unless one is given), for longer hunts than CI's bounded run. A failure
// prints its seed, path and counterexample: add the counterexample to test-support/fuzz/regressions.json so that every
// later run replays it.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const option = (flag) => {
  const i = args.indexOf(flag);
  return i === -1 ? undefined : args[i + 1];
};
const runs = option("--runs") ?? "500";
if (!/^[1-9][0-9]*$/.test(runs)) {
  console.error(`test:fuzz: --runs takes a positive whole number, got ${JSON.stringify(runs)}`);
  process.exit(2);
}
const seed = option("--seed") ?? String(Math.floor(Math.random() * 2 ** 31));
console.log(`test:fuzz: ${runs} runs per property, seed ${seed}`);
const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
const result = spawnSync(process.execPath, [vitest, "run", "test-support/fuzz", "-fuzz.test.ts", "--testTimeout=0"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, GCT_FUZZ_RUNS: runs, GCT_FUZZ_SEED: seed },
});
process.exit(result.status ?? 1);
