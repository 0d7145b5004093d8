// Profiles the CLI where it misses a target:
//   node dist/bench/profile.js gen|check|help [--tools 1000] [--top 25] [--match <regex>]
// Writes the corpus, runs the CLI under `node --cpu-prof` (from dist/'s modules rather than the
// bin's bundle, so that shares name files; module loading then costs ~30 ms more than in the
// bundle), and prints where the time went: by function (self), by file, and by function with its
// callees (inclusive). Run `npm run build` first.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_SEED } from "./corpus/write-corpus.js";
import { figure } from "./format.js";
import { PACKAGE_ROOT, UNBUNDLED_CLI } from "./paths.js";
import { runNode } from "./process/node-process.js";
import { type CpuProfile, type Share, summarizeProfile } from "./profile/cpu-profile.js";
import { clearOutput, generateFresh } from "./suites/cli-runs.js";
import { Workspace } from "./workspace.js";

const SCENARIOS = { gen: [], check: ["--check"], help: ["--help"] } as const satisfies Record<
  string,
  readonly string[]
>;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    tools: { type: "string", default: "1000" },
    top: { type: "string", default: "25" },
    match: { type: "string", default: "" },
  },
});
const scenario = positionals[0] as keyof typeof SCENARIOS | undefined;
if (scenario === undefined || !Object.hasOwn(SCENARIOS, scenario))
  throw new Error(`usage: profile.js ${Object.keys(SCENARIOS).join("|")} [--tools N] [--top N]`);
const top = Number(values.top);
/** Only entries whose label matches (`--match generator/` for the pipeline's own functions). */
const match = new RegExp(values.match);

const workspace = new Workspace(DEFAULT_SEED);
try {
  const project = workspace.project(Number(values.tools));
  // gen starts from no output, as generateFresh's timed runs do; check from an up-to-date one.
  if (scenario === "check") generateFresh(project);
  else clearOutput(project);
  const profiles = workspace.folder("profiles");
  const run = runNode(["--cpu-prof", "--cpu-prof-dir", profiles, UNBUNDLED_CLI, ...SCENARIOS[scenario], "--quiet"], {
    cwd: project.root,
    okStatuses: [0, 1],
  });
  const file = readdirSync(profiles).find((name) => name.endsWith(".cpuprofile"))!;
  const summary = summarizeProfile(
    JSON.parse(readFileSync(path.join(profiles, file), "utf8")) as CpuProfile,
    PACKAGE_ROOT,
  );
  const print = (title: string, shares: readonly Share[]) => {
    console.log(`\n${title}`);
    for (const share of shares.filter((s) => match.test(s.label)).slice(0, top))
      console.log(`${figure(share.ms).padStart(8)} ms ${(share.share * 100).toFixed(1).padStart(5)}%  ${share.label}`);
  };
  console.log(
    `${scenario}, ${project.tools} tools: ${figure(run.ms)} ms wall under the profiler, ${figure(summary.totalMs)} ms sampled`,
  );
  print("self time, by function", summary.selfByFunction);
  print("self time, by file", summary.selfByFile);
  print("inclusive time, by function", summary.inclusive);
} finally {
  workspace.dispose();
}
