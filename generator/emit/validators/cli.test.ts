import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtCliWithPreload } from "../../../test-support/built-package.js";
import { generate } from "../../generate.js";
import { removeTempProjects, repositoryRoot, tempProject, writeSpecs } from "./__fixtures__/project.js";

// The CLI as a user runs it, built into a package of its own (the repository's dist/ is
// rebuilt by other tests at the same time). A preloaded script records every CommonJS module the
// process loaded, and every worker thread it started.
let pkg: string;
let cli: string;
let preload: string;

beforeAll(() => {
  ({ pkg, cli, preload } = builtCliWithPreload(
    "hook.cjs",
    `const fs = require("node:fs");
const { isMainThread } = require("node:worker_threads");
if (!isMainThread) fs.appendFileSync(process.env.GCT_LOAD_LOG, "worker thread\\n");
else process.on("exit", () => fs.appendFileSync(process.env.GCT_LOAD_LOG, Object.keys(require.cache).join("\\n") + "\\n"));
`,
  ));
});
afterAll(() => {
  removeTempProjects();
  rmSync(pkg, { recursive: true, force: true });
});

function run(
  cwd: string,
  ...args: string[]
): { status: number | null; stdout: string; stderr: string; loaded: string[] } {
  const log = path.join(cwd, `load-${Date.now()}-${Math.random()}.log`);
  const result = spawnSync(process.execPath, ["--require", preload, cli, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GCT_LOAD_LOG: log },
    // A run that hangs fails its test instead of the suite.
    timeout: 60_000,
  });
  const loaded = readFileSync(log, "utf8").split("\n").filter(Boolean);
  rmSync(log);
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, loaded };
}

const spec = (i: number) => ({
  name: `tool_${String(i).padStart(2, "0")}`,
  description: `Tool ${i}.`,
  parameters: {
    type: "object",
    properties: { text: { type: "string", maxLength: i + 1 }, when: { type: "string", format: "date" } },
    required: ["text"],
  },
});

describe("gen-client-tools --validators", () => {
  it("is in --help, which loads no ajv at all", () => {
    const help = run(repositoryRoot, "--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/--validators\s+also write standalone ajv validators/);
    expect(help.loaded.filter((file) => file.includes(`${path.sep}ajv`))).toEqual([]);
  });

  it("is off by default: a default run on valid specs loads no ajv at all (the meta-schema check needs it only for a failure)", () => {
    const project = tempProject({ "a.json": spec(1) });
    const result = run(project, "--no-stubs");
    expect(result.status, result.stderr).toBe(0);
    expect(result.loaded.filter((file) => file.includes(`${path.sep}ajv`))).toEqual([]);
    expect(result.stdout).not.toContain("validators/");
  });

  it("is off by default: a rerun after a schema's description changed, proved safe for older pages without checking a value, loads no ajv", () => {
    const tool = (description: string) => ({
      name: "note",
      description: "Take a note.",
      parameters: { type: "object", description, properties: { text: { type: "string" } }, required: ["text"] },
    });
    const project = tempProject({ "a.json": tool("The note.") });
    expect(run(project, "--no-stubs").status).toBe(0);
    writeSpecs(project, { "a.json": tool("The note to take.") });
    const result = run(project, "--no-stubs");
    expect(result.status, result.stderr).toBe(0);
    expect(result.loaded.filter((file) => file.includes(`${path.sep}ajv${path.sep}`))).toEqual([]);
    // The change was proved safe: the version before is listed.
    expect(readFileSync(path.join(project, "src/client-tools.gen/specs.ts"), "utf8")).toContain('"compatible": [');
  });

  it("from the config file: compiles in worker threads, with the same output as one thread, and --check agrees", async () => {
    const project = tempProject(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`t${i}.json`, spec(i)])));
    writeFileSync(
      path.join(project, "gen-client-tools.config.json"),
      JSON.stringify({ validators: true, stubs: false }),
    );
    const result = run(project);
    expect(result.status, result.stderr).toBe(0);
    // ajv is loaded where the compiling is: in the threads, where there are cores for two.
    const ajvHere = result.loaded.some((file) => file.includes(path.join("ajv", "dist", "standalone")));
    const threads = result.loaded.filter((line) => line === "worker thread").length;
    if (availableParallelism() >= 2) expect([threads >= 2, ajvHere]).toEqual([true, false]);
    else expect([threads, ajvHere]).toEqual([0, true]);

    const outDir = path.join(project, "src/client-tools.gen/validators");
    const written = Object.fromEntries(
      readdirSync(outDir).map((file) => [file, readFileSync(path.join(outDir, file), "utf8")]),
    );
    expect(Object.keys(written)).toHaveLength(60 + 2);
    // The same specs compiled in this thread, from the sources, with no cache.
    const inThread = tempProject(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`t${i}.json`, spec(i)])));
    const fresh = await generate({ cwd: inThread, stubs: false, validators: true });
    const expected = Object.fromEntries(
      fresh.files
        .filter((file) => path.dirname(file.path).endsWith("validators"))
        .map((file) => [path.basename(file.path), file.contents]),
    );
    expect(written).toEqual(expected);

    const check = run(project, "--check");
    expect(check.status, check.stderr).toBe(0);
    expect(check.stdout).toMatch(/up to date/);
  });

  it("ends a first run that finds a problem in the specs at once: the compiler threads it started do not keep it", () => {
    // Enough spec files for compiler threads to start before the specs are read.
    const specs = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`t${i}.json`, spec(i)]));
    const project = tempProject({ ...specs, "b.json": { ...spec(99), name: "not a name" } });
    const started = Date.now();
    const result = run(project, "--validators", "--no-stubs");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("b.json");
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("refuses a config value that is not a boolean", () => {
    const project = tempProject({ "a.json": spec(1) });
    writeFileSync(path.join(project, "gen-client-tools.config.json"), '{\n  "validators": "yes"\n}\n');
    const result = run(project);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'gen-client-tools.config.json:2:3 (at /validators): "validators" must be true or false',
    );
  });
});
