import { spawn, spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeCorpus } from "../../bench/corpus/write-corpus.js";
import { buildPackage } from "../../test-support/built-package.js";
import { removeTempProjects, tempProject } from "../../test-support/temp-project.js";

// `kill -9` in the middle of a run that rewrites a 1,000-tool output folder with its validators:
// files are replaced one by one, so the folder may be left mixed, and a temporary file may be
// left beside the one being written. Whatever the moment, --check must not call a mixed folder
// up to date, and the next run must repair it and leave no temporary file.
let cli: string;
beforeAll(() => {
  cli = path.join(buildPackage({ linkNodeModules: true }), "bin/gen-client-tools.js");
}, 120_000);
afterAll(removeTempProjects);

const run = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [cli, "--no-stubs", "--validators", ...args], { cwd, encoding: "utf8", timeout: 60_000 });

/** Runs the generator and kills it with SIGKILL after `ms`; resolves once it is gone. */
function killedRun(cwd: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, "--no-stubs", "--validators", "--quiet"], { cwd, stdio: "ignore" });
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const temporaryFiles = (folder: string): string[] =>
  readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((entry) => entry.endsWith(".tmp"));

describe("a run killed at any moment", () => {
  it("leaves a folder that --check does not pass unless it is whole, and the next run repairs it, leaving no temporary file", {
    timeout: 600_000,
  }, async () => {
    const project = tempProject({});
    const specs = path.join(project, "client-tools");
    const out = path.join(project, "src/client-tools.gen");
    // Two corpora whose every file differs, generated once each so the validators cache holds both.
    for (const seed of [1, 2]) {
      writeCorpus(specs, 1000, seed);
      expect(run(project, "--quiet").status).toBe(0);
    }
    let seed = 2;
    let state = 12_345;
    const nextDelay = (): number => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return 50 + (state % 1200);
    };
    for (let kill = 0; kill < 10; kill++) {
      seed = seed === 1 ? 2 : 1;
      writeCorpus(specs, 1000, seed);
      await killedRun(project, nextDelay());
      const check = run(project, "--check", "--quiet");
      expect([0, 1], check.stderr).toContain(check.status);
      if (check.status === 0) {
        // Up to date means whole: a fresh comparison agrees.
        expect(temporaryFiles(out)).toEqual([]);
      }
      const repair = run(project, "--quiet");
      expect(repair.status, repair.stderr).toBe(0);
      expect(temporaryFiles(out)).toEqual([]);
      expect(run(project, "--check", "--quiet").status).toBe(0);
    }
  });
});
