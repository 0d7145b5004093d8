import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPackage } from "../../test-support/built-package.js";
import { removeTempProjects, tempProject, writeProjectFiles } from "../../test-support/temp-project.js";

// These tests run the built CLI in a fresh folder, as a user would.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
let cli: string;

beforeAll(() => {
  cli = path.join(buildPackage({ linkNodeModules: true }), "bin/gen-client-tools.js");
});
afterAll(removeTempProjects);

const good = {
  name: "open_file_viewer",
  description: "Open a file viewer.",
  parameters: { type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"] },
};

/** A project folder holding `client-tools/` with these files, already generated once. */
function project(files: Record<string, unknown>): string {
  const folder = tempProject({}, "gct-cli-");
  writeSpecs(folder, { "open_file_viewer.json": good });
  expect(run(folder).status).toBe(0);
  rmSync(path.join(folder, "client-tools/open_file_viewer.json"));
  writeSpecs(folder, files);
  return folder;
}

function writeSpecs(folder: string, files: Record<string, unknown>): void {
  writeProjectFiles(path.join(folder, "client-tools"), files);
}

function run(cwd: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  // A run that hangs (reading a pipe, say) fails the test at the timeout instead of stalling the suite.
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8", timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Every file under `folder/src` with its contents: the output must be exactly as it was after a failed run. */
function snapshot(folder: string): Record<string, string> {
  const src = path.join(folder, "src");
  return Object.fromEntries(
    readdirSync(src, { recursive: true, encoding: "utf8" })
      .sort()
      .map((entry) => [
        entry,
        (() => {
          try {
            return readFileSync(path.join(src, entry), "utf8");
          } catch {
            return "<dir>";
          }
        })(),
      ]),
  );
}

/** Runs the CLI on bad input: it must exit 1, print the expected lines, and leave the output untouched. */
function expectFailure(folder: string, expected: (string | RegExp)[]): string {
  const before = snapshot(folder);
  const { status, stderr, stdout } = run(folder);
  expect(status, stderr).toBe(1);
  expect(stdout).toBe("");
  for (const line of expected) expect(stderr).toMatch(line);
  expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
  expect(stderr).toMatch(/nothing was written\n$/);
  expect(snapshot(folder)).toEqual(before);
  return stderr;
}

describe("bad input: exit 1, file:line:col and a fix, output untouched", () => {
  it("every problem of a file at once, its warnings beside them: a misplaced key does not hide a schema's problem", () => {
    const spec = {
      name: "t",
      description: "T.",
      input_schema: { type: "object" },
      parameters: { type: "object", properties: { a: { type: "numbr" } }, requried: ["a"] },
    };
    const folder = project({ "t.json": JSON.stringify(spec) });
    const stderr = expectFailure(folder, [
      /warning: client-tools\/t\.json:\d+:\d+ \(at \/parameters\/requried\): unknown keyword "requried": did you mean "required"\?/,
      /\(at \/input_schema\): unknown spec key "input_schema": did you mean "parameters"\?/,
      /\(at \/parameters\/properties\/a\/type\): .*did you mean "number"\?/,
      /2 problems; nothing was written/,
    ]);
    expect(stderr).toMatch(/1 warning/);
  });

  it("invalid JSON", () => {
    const folder = project({ "bad.json": '{\n  "name": "x",\n  "description": "d",\n}' });
    expectFailure(folder, [
      `client-tools/bad.json:3:21: invalid JSON: trailing comma before "}": JSON allows none; remove it`,
    ]);
  });

  it("duplicate keys in one object, naming both places", () => {
    const folder = project({ "dup.json": '{\n  "name": "a",\n  "name": "b",\n  "description": "d"\n}' });
    expectFailure(folder, [
      'client-tools/dup.json:3:3: invalid JSON: duplicate key "name"',
      "(first at client-tools/dup.json:2:3)",
    ]);
  });

  it("an empty file", () => {
    expectFailure(project({ "empty.json": "" }), ["client-tools/empty.json:1:1: invalid JSON: the file is empty"]);
  });

  it("a root that is not an object schema", () => {
    const folder = project({ "t.json": { ...good, parameters: { type: "string" } } });
    expectFailure(folder, [
      /client-tools\/t\.json:4:\d+ \(at \/parameters\): the root of a tool schema must be an object schema/,
    ]);
  });

  it("a schema that fails its draft's meta-schema", () => {
    const folder = project({
      "t.json": { ...good, parameters: { type: "object", properties: { n: { type: "numbr" }, m: { minimum: "0" } } } },
    });
    expectFailure(folder, [
      /t\.json:\d+:\d+ \(at \/parameters\/properties\/n\/type\): not a valid JSON Schema \(2020-12\): "type" must be one of "array"/,
      /\(at \/parameters\/properties\/m\/minimum\): not a valid JSON Schema \(2020-12\): "minimum" must be number/,
    ]);
  });

  it("an invalid regular expression", () => {
    const folder = project({
      "t.json": { ...good, parameters: { type: "object", properties: { n: { type: "string", pattern: "((" } } } },
    });
    expectFailure(folder, [/\(at \/parameters\/properties\/n\/pattern\): invalid regular expression "\(\("/]);
  });

  it("an unknown spec key, naming the nearest known key", () => {
    const folder = project({ "t.json": { name: "t", description: "d", input_schema: { type: "object" } } });
    expectFailure(folder, [
      'client-tools/t.json:4:3 (at /input_schema): unknown spec key "input_schema": did you mean "parameters"?',
    ]);
  });

  it("an invalid tool name", () => {
    const folder = project({ "t.json": { ...good, name: "open file" } });
    expectFailure(folder, [
      'client-tools/t.json:2:3 (at /name): tool name "open file" is invalid: use 1 to 64 letters',
    ]);
  });

  it("a duplicate tool name across files", () => {
    const folder = project({ "a.json": good, "b.json": good });
    expectFailure(folder, [
      'client-tools/b.json:2:3 (at /name): duplicate tool name "open_file_viewer", also defined at client-tools/a.json:2:3: rename one of them',
    ]);
  });

  it("two names that map to one TypeScript identifier", () => {
    const folder = project({
      "a.json": [
        { ...good, name: "set-theme" },
        { ...good, name: "set_theme" },
      ],
    });
    expectFailure(folder, [
      /tool names "set-theme" \(client-tools\/a\.json:3:5\) and "set_theme" both become the TypeScript name ClientAction_set_theme: rename one of them/,
    ]);
  });

  it("an unresolvable $ref", () => {
    const folder = project({
      "t.json": { ...good, parameters: { type: "object", properties: { p: { $ref: "#/$defs/missing" } } } },
    });
    expectFailure(folder, [/\(at \/parameters\/properties\/p\/\$ref\): unresolvable \$ref "#\/\$defs\/missing"/]);
  });

  it("a remote $ref", () => {
    const folder = project({
      "t.json": { ...good, parameters: { type: "object", properties: { p: { $ref: "https://example.com/s.json" } } } },
    });
    expectFailure(folder, [
      /remote \$ref "https:\/\/example\.com\/s\.json" is not allowed: the generator never touches the network/,
    ]);
  });

  it("a file $ref that leaves the spec folder, or a link that does: refused, and never read", () => {
    // The target outside is a pipe: opening it for reading blocks until someone writes, so a
    // generator that read it would hang until the timeout instead of exiting 1.
    const outside = tempProject({}, "gct-outside-");
    const pipe = path.join(outside, "secret.json");
    execFileSync("mkfifo", [pipe]);
    const folder = project({});
    mkdirSync(path.join(folder, "client-tools/shared"));
    symlinkSync(pipe, path.join(folder, "client-tools/shared/link.json"));
    const escaping = `../../${path.basename(outside)}/secret.json`;
    writeSpecs(folder, {
      "t.json": {
        ...good,
        parameters: {
          type: "object",
          properties: { p: { $ref: "../../etc/passwd" }, q: { $ref: "./shared/link.json" }, r: { $ref: escaping } },
        },
      },
    });
    expectFailure(folder, [
      /\$ref "\.\.\/\.\.\/etc\/passwd" leaves the spec's folder/,
      /the file is a link that leads out of the spec's folder/,
      `$ref ${JSON.stringify(escaping)} leaves the spec's folder`,
    ]);
  });

  it("a spec file that is a link leading out of the spec folder: refused like a $ref through one, and never read", () => {
    const outside = tempProject({}, "gct-outside-");
    const pipe = path.join(outside, "secret.json");
    execFileSync("mkfifo", [pipe]);
    const folder = project({ "good.json": good });
    symlinkSync(pipe, path.join(folder, "client-tools/stolen.json"));
    // A link that stays inside the folder is a spec like any other.
    mkdirSync(path.join(folder, "client-tools/shared"));
    writeFileSync(path.join(folder, "client-tools/shared/other.json"), JSON.stringify({ ...good, name: "other_tool" }));
    symlinkSync(path.join(folder, "client-tools/shared/other.json"), path.join(folder, "client-tools/other.json"));
    expectFailure(folder, [
      "client-tools/stolen.json: the spec file is a link that leads out of the spec folder: copy the spec into the folder, or name it with --in",
    ]);
  });

  it("a pipe in the spec folder, as a spec file or named by a $ref: refused as not a plain file, never read", () => {
    const folder = project({
      "t.json": { ...good, parameters: { type: "object", properties: { p: { $ref: "./shared/pipe.json" } } } },
    });
    mkdirSync(path.join(folder, "client-tools/shared"));
    execFileSync("mkfifo", [path.join(folder, "client-tools/pipe.json")]);
    execFileSync("mkfifo", [path.join(folder, "client-tools/shared/pipe.json")]);
    expectFailure(folder, [
      "client-tools/pipe.json: not a plain file (a folder, a pipe or a device)",
      'cannot resolve $ref "./shared/pipe.json": client-tools/shared/pipe.json: not a plain file',
    ]);
  });

  it("a schema nested 500 levels deep, and a $ref cycle through allOf: refused with the place, no stack trace", () => {
    const nested = (depth: number): object =>
      depth === 0 ? { type: "string" } : { type: "object", properties: { a: nested(depth - 1) } };
    const cycle = {
      type: "object",
      $defs: { a: { allOf: [{ $ref: "#/$defs/b" }] }, b: { allOf: [{ $ref: "#/$defs/a" }] } },
    };
    const folder = project({
      "deep.json": { ...good, name: "deep", parameters: nested(500) },
      "cycle.json": { ...good, name: "cycle", parameters: cycle },
    });
    expectFailure(folder, [
      /client-tools\/deep\.json:\d+:\d+ \(at \/parameters(\/properties\/a)+\): the schema nests objects and arrays more than 64 levels deep/,
      /client-tools\/cycle\.json:\d+:\d+ \(at \/parameters\/\$defs\/a\/allOf\/0\/\$ref\): \$ref cycle #\/\$defs\/b -> #\/\$defs\/a -> #\/\$defs\/b never steps into the value/,
    ]);
  });

  it("a number that overflows to Infinity", () => {
    const folder = project({ "t.json": '{\n  "name": "t",\n  "description": "d",\n  "timeoutSeconds": 1e400\n}' });
    expectFailure(folder, ["client-tools/t.json:4:21: invalid JSON: the number 1e400 is too large for a 64-bit float"]);
  });

  it("reports every problem of every file in one run", () => {
    const folder = project({
      "a.json": { ...good, name: "a b" },
      "b.json": { ...good, name: "b", descripton: "x" },
      "c.json": "[",
    });
    const stderr = expectFailure(folder, ["a.json", "b.json", "c.json"]);
    expect(stderr).toMatch(/3 problems; nothing was written/);
  });
});

describe("the CLI", () => {
  it("generates, prints one line per file and a summary, and --check passes after", () => {
    const folder = project({ "t.json": { ...good, name: "show_panel" } });
    const first = run(folder);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/wrote +src\/client-tools\.gen\/types\.ts/);
    expect(first.stdout).toMatch(/gen-client-tools: 1 tool, \d+ files written in \d+ ms/);
    expect(run(folder, "--check").status).toBe(0);
  });

  it("--check exits 1 listing every stale file, and writes nothing", () => {
    const folder = project({ "t.json": { ...good, description: "Changed." } });
    const before = snapshot(folder);
    const { status, stderr } = run(folder, "--check");
    expect(status).toBe(1);
    expect(stderr).toMatch(/out of date +src\/client-tools\.gen\/types\.ts/);
    expect(stderr).toMatch(/out of date +src\/client-tools\.gen\/specs\.ts/);
    expect(snapshot(folder)).toEqual(before);
  });

  it("bundles a file $ref from a subfolder of the spec folder", () => {
    const folder = project({
      "t.json": {
        ...good,
        parameters: { type: "object", properties: { at: { $ref: "./shared/point.json#/$defs/Point" } } },
      },
      "shared/point.json": {
        $defs: { Point: { type: "object", properties: { x: { type: "number" }, next: { $ref: "#/$defs/Point" } } } },
      },
    });
    expect(run(folder).stderr).toBe("");
    const specs = readFileSync(path.join(folder, "src/client-tools.gen/specs.ts"), "utf8");
    // Both the property's $ref and the definition's own recursive one point into the bundled copy.
    expect(specs.split('"$ref": "#/$defs/shared~1point.json/$defs/Point"')).toHaveLength(3);
  });

  it("reads defaults from gen-client-tools.config.json and reports unknown keys in it", () => {
    const folder = project({ "t.json": good });
    cpSync(path.join(folder, "client-tools"), path.join(folder, "specs"), { recursive: true });
    writeFileSync(path.join(folder, "gen-client-tools.config.json"), JSON.stringify({ in: "specs", out: "gen" }));
    expect(run(folder).status).toBe(0);
    expect(readdirSync(path.join(folder, "gen")).sort()).toEqual([
      "client-inputs.ts",
      "gen-client-tools.manifest.json",
      "handlers.ts",
      "index.ts",
      "specs.ts",
      "types.ts",
    ]);
    writeFileSync(path.join(folder, "gen-client-tools.config.json"), '{\n  "output": "gen"\n}');
    const bad = run(folder);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain(
      'gen-client-tools.config.json:2:3 (at /output): unknown config key "output": did you mean "out"?',
    );
  });

  it("answers --help (every option of the table, with its --no- and environment forms) and --version, and refuses unknown options", async () => {
    const help = run(root, "--help");
    expect(help.status).toBe(0);
    const { GENERATE_OPTIONS, RUN_OPTIONS, environmentVariable } = await import("../options/table.js");
    for (const spec of Object.values({ ...GENERATE_OPTIONS, ...RUN_OPTIONS })) {
      expect(help.stdout).toContain(`--${spec.flag}`);
      expect(help.stdout.replace(/\s+/g, " ")).toContain(`[env ${environmentVariable(spec)}]`);
    }
    expect(help.stdout).toContain("Every boolean option has its --no- form");
    expect(run(root, "--version").stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const unknown = run(root, "--chek");
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe(
      "gen-client-tools: unknown option --chek: did you mean --check?\nUsage: gen-client-tools [command] [options]\nRun gen-client-tools --help for the options.\n",
    );
  });

  it("takes --check down the slow path, never to a failure, when only the generator that wrote the manifest differs (an upgrade)", () => {
    const folder = project({ "open_file_viewer.json": good });
    expect(run(folder).status).toBe(0);
    const manifest = path.join(folder, "src/client-tools.gen/gen-client-tools.manifest.json");
    const text = readFileSync(manifest, "utf8");
    writeFileSync(
      manifest,
      text
        .replace(/"generator": "[^"]+"/, '"generator": "gen-client-tools 0.0.1"')
        .replace(/"generatorCode": "[0-9a-f]+"/, `"generatorCode": "${"0".repeat(64)}"`),
    );
    const check = run(folder, "--check");
    expect(check.status, check.stderr).toBe(0);
    expect(check.stdout).toMatch(/^gen-client-tools: 1 tool, generated files are up to date \(\d+ ms\)\n$/);
    // A generated file that differs still fails it.
    writeFileSync(
      path.join(folder, "src/client-tools.gen/types.ts"),
      "// Generated by gen-client-tools. Do not edit.\n",
    );
    expect(run(folder, "--check").status).toBe(1);
  });

  it("prints a shell completion script that completes the options", () => {
    const script = run(root, "completion");
    expect(script.status).toBe(0);
    expect(script.stdout).toContain(
      "complete -o bashdefault -o default -F _gen-client-tools_yargs_completions gen-client-tools",
    );
    const answers = run(root, "--get-yargs-completions", "gen-client-tools", "--va");
    expect(answers.stdout.split("\n")).toContain("--validators");
  });

  it("turns off for one run, with --no-validators, what the config file turns on", () => {
    const folder = project({ "open_file_viewer.json": good });
    writeProjectFiles(folder, { "gen-client-tools.config.json": { validators: true } });
    expect(run(folder).status).toBe(0);
    expect(readdirSync(path.join(folder, "src/client-tools.gen"))).toContain("validators");
    const off = run(folder, "--no-validators");
    expect(off.status, off.stderr).toBe(0);
    expect(readdirSync(path.join(folder, "src/client-tools.gen"))).not.toContain("validators");
  });

  it("keeps --validators given once through later runs and --check, and says what changed when the output is stale", () => {
    const folder = project({ "open_file_viewer.json": good });
    expect(run(folder, "--validators").status).toBe(0);
    expect(run(folder).status).toBe(0);
    expect(readdirSync(path.join(folder, "src/client-tools.gen"))).toContain("validators");
    expect(run(folder, "--check").status).toBe(0);
    writeProjectFiles(folder, { "client-tools/open_file_viewer.json": { ...good, description: "Open a file." } });
    const stale = run(folder, "--check");
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain(
      "generated files are out of date, the specs changed: run gen-client-tools and commit the result",
    );
  });

  it("answers --check the same however --in names the spec files, and whatever order a glob gave them in", () => {
    const folder = project({ "b.json": { ...good, name: "b_tool" }, "a.json": { ...good, name: "a_tool" } });
    expect(run(folder).status).toBe(0);
    for (const args of [
      ["--in", "client-tools/a.json", "client-tools/b.json"],
      ["--in", "client-tools/b.json", "client-tools/a.json"],
      ["--in", "client-tools"],
    ]) {
      const check = run(folder, "--check", ...args);
      expect(check.status, `${args.join(" ")}\n${check.stderr}`).toBe(0);
      expect(check.stdout).toMatch(/up to date, by their manifest/);
    }
  });
});
