import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildPackage } from "../../test-support/built-package.js";
import { removeTempProjects, tempProject, writeProjectFiles } from "../../test-support/temp-project.js";

// `gen-client-tools --watch` as a user runs it: the built CLI in a child process, in a fresh
// project folder, with real file edits. Every wait is bounded; none is a fixed sleep.
let cli: string;
beforeAll(() => {
  cli = path.join(buildPackage({ linkNodeModules: true }), "bin/gen-client-tools.js");
});
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});
afterAll(removeTempProjects);

const WAIT_MS = 15_000;

interface Watcher {
  readonly child: ChildProcess;
  output(): { stdout: string; stderr: string };
  /** Runs finished so far: each ends with a summary line, on stdout or (with problems) on stderr. */
  runs(): number;
  /** Resolves when `test` holds (checked every 25 ms); rejects after WAIT_MS with what was printed. */
  until(what: string, test: () => boolean): Promise<void>;
  /** Makes `edit`, then waits for a run to finish after it (its writes are done then) and for `test` to hold. */
  afterRun(what: string, edit: () => void, test: () => boolean): Promise<void>;
  exited(): Promise<number | null>;
}

function startWatch(cwd: string, ...args: string[]): Watcher {
  const child = spawn(process.execPath, [cli, "--watch", ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const runs = (): number =>
    (stdout.match(/^gen-client-tools: \d+ tools?,/gm)?.length ?? 0) +
    (stderr.match(/^gen-client-tools: \d+ problems?;/gm)?.length ?? 0);
  const until = (what: string, test: () => boolean): Promise<void> =>
    new Promise((resolve, reject) => {
      const started = Date.now();
      const timer = setInterval(() => {
        if (test()) {
          clearInterval(timer);
          resolve();
        } else if (Date.now() - started > WAIT_MS) {
          clearInterval(timer);
          reject(new Error(`waited ${WAIT_MS} ms for ${what}\nstdout:\n${stdout}\nstderr:\n${stderr}`));
        }
      }, 25);
    });
  return {
    child,
    output: () => ({ stdout, stderr }),
    runs,
    until,
    afterRun: (what, edit, test) => {
      const before = runs();
      edit();
      return until(what, () => runs() > before && test());
    },
    exited: () => exit,
  };
}

const tool = (
  name: string,
  description: string,
  parameters: object = { type: "object", properties: { x: { type: "string" } } },
) => ({ name, description, parameters });

const read = (folder: string, file: string): string => {
  try {
    return readFileSync(path.join(folder, "src/client-tools.gen", file), "utf8");
  } catch {
    return "";
  }
};

/** Every file of the output folder with its contents. */
function snapshot(folder: string): Record<string, string> {
  const out = path.join(folder, "src/client-tools.gen");
  return Object.fromEntries(
    readdirSync(out)
      .sort()
      .map((name) => [name, readFileSync(path.join(out, name), "utf8")]),
  );
}

function temporaryFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((entry) => entry.endsWith(".tmp"));
}

describe("gen-client-tools --watch", () => {
  it("regenerates on add, change and remove, keeps the last good output on a bad save, recovers, and stops cleanly on SIGINT", async () => {
    const folder = tempProject({
      "client-tools/ping.json": tool("ping", "Ping v1."),
      "client-tools/locate.json": tool("locate", "Locate.", {
        type: "object",
        properties: { at: { $ref: "./shared/point.json" } },
      }),
      "client-tools/shared/point.json": { type: "object", properties: { x: { type: "number" } } },
    });
    const watch = startWatch(folder, "--no-stubs");
    await watch.until("the first run", () => /2 tools, 6 files written/.test(watch.output().stdout));
    expect(watch.output().stdout).toMatch(/watching client-tools \(Ctrl-C to stop\)/);
    expect(read(folder, "specs.ts")).toContain("Ping v1.");

    // changed
    await watch.afterRun(
      "the changed description",
      () => writeProjectFiles(folder, { "client-tools/ping.json": tool("ping", "Ping v2.") }),
      () => read(folder, "specs.ts").includes("Ping v2."),
    );

    // a schema that a spec names by file $ref, in a subfolder
    const point = { type: "object", properties: { x: { type: "number" }, y_coordinate: { type: "number" } } };
    await watch.afterRun(
      "the changed $ref'd schema",
      () => writeProjectFiles(folder, { "client-tools/shared/point.json": point }),
      () => read(folder, "types.ts").includes("y_coordinate"),
    );

    // added
    await watch.afterRun(
      "the added tool",
      () => writeProjectFiles(folder, { "client-tools/open.json": tool("open_panel", "Open a panel.") }),
      () => read(folder, "types.ts").includes("OpenPanelArgs"),
    );

    // removed
    await watch.afterRun(
      "the removed tool gone",
      () => rmSync(path.join(folder, "client-tools/open.json")),
      () => !read(folder, "types.ts").includes("OpenPanelArgs"),
    );

    // an invalid intermediate save: the errors are printed, the output stays as it was
    const good = snapshot(folder);
    const halfSaved = '{\n  "name": "ping",\n  "description": "Ping v3.",\n';
    await watch.afterRun(
      "the problem report",
      () => writeFileSync(path.join(folder, "client-tools/ping.json"), halfSaved),
      () => /1 problem; nothing was written/.test(watch.output().stderr),
    );
    expect(watch.output().stderr).toContain("client-tools/ping.json:4:1: invalid JSON");
    expect(watch.output().stderr).not.toMatch(/\n\s+at /);
    expect(snapshot(folder)).toEqual(good);

    // the next valid save recovers
    await watch.afterRun(
      "the recovery",
      () => writeProjectFiles(folder, { "client-tools/ping.json": tool("ping", "Ping v3.") }),
      () => read(folder, "specs.ts").includes("Ping v3."),
    );

    // Ctrl-C, right after a save: a clean exit, no temporary file left
    writeProjectFiles(folder, { "client-tools/ping.json": tool("ping", "Ping v4.") });
    watch.child.kill("SIGINT");
    expect(await watch.exited()).toBe(0);
    expect(watch.output().stdout).toMatch(/stopped watching\n$/);
    expect(temporaryFiles(folder)).toEqual([]);
    expect(read(folder, "specs.ts")).toMatch(/Ping v[34]\./); // the old output or the new one, whole
  });

  it("regenerates on every save, whether the editor renames a new file over the spec (sed -i, vim, JetBrains) or writes it in place", async () => {
    const folder = tempProject({ "client-tools/ping.json": tool("ping", "Ping v0.") });
    const spec = path.join(folder, "client-tools/ping.json");
    const watch = startWatch(folder, "--no-stubs");
    await watch.until("the first run", () => read(folder, "specs.ts").includes("Ping v0."));
    for (let save = 1; save <= 30; save++) {
      const renameSave = save <= 15;
      await watch.afterRun(
        `save ${save} (${renameSave ? "renamed over" : "in place"})`,
        () => {
          // sed -i writes a temporary file beside the spec and renames it over the spec.
          if (renameSave) execFileSync("sed", ["-i", `s/Ping v${save - 1}\\./Ping v${save}./`, spec]);
          else writeFileSync(spec, JSON.stringify(tool("ping", `Ping v${save}.`)));
        },
        () => read(folder, "specs.ts").includes(`Ping v${save}.`),
      );
    }
    expect(watch.runs()).toBe(31);
    watch.child.kill("SIGINT");
    expect(await watch.exited()).toBe(0);
  });

  it("reports a run that fails (here the handlers file is a folder), keeps watching, and generates once the cause is gone", async () => {
    const folder = tempProject({
      "client-tools/ping.json": tool("ping", "Ping v1."),
      "src/client-tool-handlers.ts/keep": "",
    });
    const watch = startWatch(folder);
    await watch.until("the report of the failed run", () =>
      /cannot \w+ .*client-tool-handlers\.ts: it is a folder/.test(watch.output().stderr),
    );
    expect(watch.output().stderr).not.toMatch(/\n\s+at /);
    rmSync(path.join(folder, "src/client-tool-handlers.ts"), { recursive: true });
    writeProjectFiles(folder, { "client-tools/ping.json": tool("ping", "Ping v2.") });
    // The run writes the handlers file after specs.ts: the run is over once both are there.
    const handlers = path.join(folder, "src/client-tool-handlers.ts");
    await watch.until(
      "the run after the fix",
      () => read(folder, "specs.ts").includes("Ping v2.") && existsSync(handlers),
    );
    expect(readFileSync(handlers, "utf8")).toContain("ping");
    watch.child.kill("SIGINT");
    expect(await watch.exited()).toBe(0);
  });

  it("does not run for its own output (even inside the spec folder), hidden files or node_modules", async () => {
    const folder = tempProject({ "client-tools/ping.json": tool("ping", "Ping.") });
    const watch = startWatch(folder, "--out", "client-tools/gen", "--stubs", "client-tools/handlers.ts");
    const runs = watch.runs;
    await watch.until("the first run", () => runs() === 1);
    expect(watch.output().stdout).toMatch(/1 tool, 7 files written/);
    writeProjectFiles(folder, { "client-tools/.ping.json.swp": "x", "client-tools/node_modules/x/package.json": "{}" });
    // Proving that nothing happens takes a wait: five times the debounce, for the writes above
    // and the first run's own writes to have started a run if they were going to.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(runs()).toBe(1);
    writeProjectFiles(folder, { "client-tools/ping.json": tool("ping", "Pong.") });
    await watch.until("the run for a real change", () => runs() === 2);
    expect(readFileSync(path.join(folder, "client-tools/gen/specs.ts"), "utf8")).toContain("Pong.");
    watch.child.kill("SIGTERM");
    expect(await watch.exited()).toBe(0);
  });

  it("starts with broken specs: reports them, writes nothing, then generates on the fixing save", async () => {
    const folder = tempProject({ "client-tools/ping.json": { name: "ping" } });
    const watch = startWatch(folder, "--no-stubs");
    await watch.until("the problem report", () => /1 problem; nothing was written/.test(watch.output().stderr));
    expect(watch.output().stderr).toContain("client-tools/ping.json:1:1 (at /description)");
    expect(existsSync(path.join(folder, "src"))).toBe(false);
    writeProjectFiles(folder, { "client-tools/ping.json": tool("ping", "Ping.") });
    await watch.until("the first output", () => read(folder, "specs.ts").includes("Ping."));
    watch.child.kill("SIGINT");
    expect(await watch.exited()).toBe(0);
  });

  it("follows the spec folder when it is deleted and created again", async () => {
    const folder = tempProject({ "client-tools/ping.json": tool("ping", "Ping v1.") });
    const watch = startWatch(folder, "--no-stubs");
    await watch.until("the first run", () => read(folder, "specs.ts").includes("Ping v1."));
    rmSync(path.join(folder, "client-tools"), { recursive: true });
    await watch.until("the report of the missing folder", () =>
      /client-tools: no such file or folder/.test(watch.output().stderr),
    );
    writeProjectFiles(folder, { "client-tools/ping.json": tool("ping", "Ping v2.") });
    await watch.until("the run on the new folder", () => read(folder, "specs.ts").includes("Ping v2."));
    writeProjectFiles(folder, { "client-tools/ping.json": tool("ping", "Ping v3.") });
    await watch.until("a run on a later change in it", () => read(folder, "specs.ts").includes("Ping v3."));
    watch.child.kill("SIGINT");
    expect(await watch.exited()).toBe(0);
  });

  it("waits for a spec folder that does not exist yet, and refuses --watch with --check", async () => {
    const folder = tempProject({});
    const watch = startWatch(folder, "--in", "specs", "--no-stubs");
    await watch.until("the report of the missing folder", () =>
      /specs: no such file or folder/.test(watch.output().stderr),
    );
    writeProjectFiles(folder, { "specs/ping.json": tool("ping", "Ping.") });
    await watch.until("the run on the new folder", () => read(folder, "specs.ts").includes("Ping."));
    watch.child.kill("SIGINT");
    expect(await watch.exited()).toBe(0);

    const both = startWatch(folder, "--check");
    expect(await both.exited()).toBe(2);
    expect(both.output().stderr).toContain("--watch and --check cannot be used together");
  });
});
