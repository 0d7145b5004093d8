import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Benchmark } from "../benchmark.js";
import { interleave } from "../interleave.js";
import { TSC } from "../paths.js";
import { type NodeRun, runNode } from "../process/node-process.js";
import { row } from "../results.js";
import { summarize } from "../stats.js";
import type { BenchProject } from "../workspace.js";
import { generateFresh } from "./cli-runs.js";
import { consumerSource } from "./consumer-source.js";

/** Strict settings an app might use; skipLibCheck as most apps set it, so lib.dom.d.ts is not what is timed. */
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noPropertyAccessFromIndexSignature: true,
    noImplicitReturns: true,
    noFallthroughCasesInSwitch: true,
    isolatedModules: true,
    verbatimModuleSyntax: true,
    module: "NodeNext",
    moduleResolution: "NodeNext",
    target: "ES2022",
    lib: ["ES2022", "DOM"],
    types: [],
    skipLibCheck: true,
    noEmit: true,
  },
  include: ["src"],
};

/** The targets, by tool count: at other sizes the row is information only. */
const TARGET_MS: Readonly<Record<number, number>> = { 1000: 1000, 5000: 5000 };
/** TS2590: "Expression produces a union type that is too complex to represent." */
const TOO_COMPLEX = /TS2590|too complex to represent/;

/**
 * `tsc --noEmit` (TypeScript 7) over the generated module, the handlers file and a consumer with an exhaustive switch.
 */
export const typecheck: Benchmark = {
  name: "typecheck",
  run({ plan, workspace, log }) {
    return plan.typecheckTools.map((tools) => {
      const project = workspace.project(tools);
      prepare(project);
      const runs = tools > plan.mainTools ? plan.largeRuns : plan.processRuns;
      log(`tsc --noEmit, ${tools} tools, ${runs} runs`);
      let last: NodeRun | undefined;
      const { tsc } = interleave(runs, { tsc: () => (last = runTsc(project)).ms });
      const output = `${last!.stdout}${last!.stderr}`;
      const errors = output.split("\n").filter((line) => /error TS\d+/.test(line));
      const stat = (label: string) =>
        Number(new RegExp(`^${label}:\\s+([0-9.]+)`, "m").exec(output)?.[1] ?? Number.NaN);
      return row({
        id: `tsc.n${tools}`,
        what: `tsc --noEmit (TypeScript 7) on the generated output + a consumer with an exhaustive switch, ${tools.toLocaleString("en-US")} tools`,
        measured: { ...summarize(tsc), unit: "ms" },
        ...(Object.hasOwn(TARGET_MS, tools) && {
          targets: [{ op: "<=", value: TARGET_MS[tools]!, unit: "ms", of: "measured" }],
        }),
        problems: errors.slice(0, 5),
        details: {
          "type errors": errors.length,
          '"union type too complex" errors': errors.filter((line) => TOO_COMPLEX.test(line)).length,
          "tsc check time (ms)": stat("Check time") * 1000,
          "tsc memory used (MB)": stat("Memory used") / 1024,
        },
      });
    });
  },
};

function prepare(project: BenchProject): void {
  generateFresh(project);
  writeFileSync(path.join(project.root, "tsconfig.json"), JSON.stringify(TSCONFIG, null, 2));
  writeFileSync(path.join(project.root, "package.json"), JSON.stringify({ type: "module", private: true }));
  writeFileSync(path.join(project.root, "src", "consumer.ts"), consumerSource(project.corpus.specs));
}

function runTsc(project: BenchProject): NodeRun {
  // Exit 2 is "type errors": reported on the row, not a crash of the benchmark.
  return runNode([TSC, "--noEmit", "-p", project.root, "--extendedDiagnostics"], {
    cwd: project.root,
    okStatuses: [0, 1, 2],
  });
}
