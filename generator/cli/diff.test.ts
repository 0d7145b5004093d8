import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPackage } from "../../test-support/built-package.js";
import { removeTempProjects, tempProject, writeProjectFiles } from "../../test-support/temp-project.js";

// `gen-client-tools diff` from the built CLI, in a git repository whose spec folder changes
// between commits, as a pull request's CI job runs it.
let cli: string;
beforeAll(() => {
  cli = path.join(buildPackage({ linkNodeModules: true }), "bin/gen-client-tools.js");
});
afterAll(removeTempProjects);

const viewer = (properties: object, required: string[]) => ({
  name: "open_file_viewer",
  description: "Open a file.",
  parameters: { type: "object", properties, required, additionalProperties: false },
  outputSchema: { type: "object", properties: { opened: { type: "boolean" } }, required: ["opened"] },
});
const toast = {
  name: "show_toast",
  description: "Show a toast.",
  parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
};

/** The report docs/schema-evolution.md shows: the text block after the paragraph on what it gives for each tool. */
function documentedReport(): string {
  const page = readFileSync(new URL("../../docs/schema-evolution.md", import.meta.url), "utf8");
  const block = /For each tool the report gives[^\n]*\n\n```text\n([\s\S]*?)```/.exec(page);
  if (block === null) throw new Error("docs/schema-evolution.md has no report block");
  return block[1]!;
}

function run(cwd: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8", timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A repository whose main branch has the first spec set, and whose working tree the second. */
function repository(): string {
  const folder = tempProject({ "package.json": { name: "app", private: true, type: "module" } }, "gct-diff-");
  const git = (...args: string[]) => execFileSync("git", args, { cwd: folder, stdio: "pipe" });
  git("init", "-q", "-b", "main");
  git("config", "user.email", "ci@example.com");
  git("config", "user.name", "CI");
  writeProjectFiles(path.join(folder, "client-tools"), {
    "open_file_viewer.json": viewer({ file_path: { type: "string" } }, ["file_path"]),
    "show_toast.json": toast,
  });
  git("add", "-A");
  git("commit", "-q", "-m", "first spec set");
  rmSync(path.join(folder, "client-tools/show_toast.json"));
  writeProjectFiles(path.join(folder, "client-tools"), {
    "open_file_viewer.json": viewer({ file_path: { type: "string" }, line: { type: "integer", minimum: 1 } }, [
      "file_path",
      "line",
    ]),
  });
  return folder;
}

describe("gen-client-tools diff", () => {
  it("compares the spec folder at git:main with the working tree, in words and in JSON, and fails on breaking changes only when asked", () => {
    const folder = repository();
    const text = run(folder, "diff", "git:main");
    expect(text.stderr).toBe("");
    expect(text.status).toBe(0);
    // docs/schema-evolution.md shows this report as it is.
    expect(text.stdout).toBe(documentedReport());
    expect(text.stdout).toContain(
      "can be refused by the new schema, at /required (required): " +
        '"line" is required, which the value lacks, for example {"file_path":"a"}',
    );

    const json = run(folder, "diff", "git:main", "--json");
    const report = JSON.parse(json.stdout) as {
      breaking: string[];
      tools: { tool: string; change: string; parameters?: { oldInNew: { holds: unknown; witness?: unknown } } }[];
    };
    expect(report.breaking).toEqual(["open_file_viewer", "show_toast"]);
    expect(report.tools[0]).toMatchObject({
      tool: "open_file_viewer",
      change: "changed",
      parameters: {
        oldInNew: { holds: false, witness: { file_path: "a" }, keyword: "required", pointer: "/required", at: "" },
        newInOld: { holds: false, keyword: "additionalProperties", pointer: "/additionalProperties" },
      },
    });

    expect(run(folder, "diff", "git:main", "--fail-on", "breaking").status).toBe(1);
    const allowed = run(
      folder,
      "diff",
      "git:main",
      "--fail-on",
      "breaking",
      "--allow",
      "open_file_viewer",
      "--allow",
      "show_toast",
    );
    expect(allowed.status).toBe(0);
    expect(allowed.stdout).toContain("0 breaking a rolling deploy, 2 allowed");
  });

  it("compares two folders, and two revisions", () => {
    const folder = repository();
    writeProjectFiles(path.join(folder, "same"), { "show_toast.json": toast });
    writeProjectFiles(path.join(folder, "again"), {
      "show_toast.json": { ...toast, description: "Show a short message." },
    });
    const folders = run(folder, "diff", "same", "again", "--fail-on", "breaking");
    expect(folders.status).toBe(0);
    expect(folders.stdout).toContain("show_toast  changed, compatible both ways");
    const revisions = run(folder, "diff", "git:main", "git:main");
    expect(revisions.stdout).toBe(
      [
        "gen-client-tools diff git:main -> git:main",
        "  2 unchanged tools (--verbose lists them)",
        "2 tools: 0 added, 0 removed, 0 changed (0 compatible both ways), 2 unchanged; 0 breaking a rolling deploy",
        "",
      ].join("\n"),
    );
    const verbose = run(folder, "diff", "git:main", "git:main", "--verbose");
    expect(verbose.stdout).toContain("  open_file_viewer  unchanged\n  show_toast        unchanged\n");
  });

  it("says what is wrong with a revision, a spec set or the command line, and exits 1 or 2", () => {
    const folder = repository();
    const revision = run(folder, "diff", "git:no-such-branch");
    expect(revision.status).toBe(1);
    expect(revision.stderr).toContain("git:no-such-branch: no such revision in the git repository");
    expect(revision.stderr).not.toContain("git:no-such-branch: git:no-such-branch");
    expect(revision.stderr).toContain("a revision or spec set could not be read");
    writeProjectFiles(path.join(folder, "broken"), { "bad.json": { name: "bad tool", description: "x" } });
    const broken = run(folder, "diff", "broken");
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/broken\/bad\.json.*name/);
    expect(broken.stderr).not.toMatch(/\n\s+at /);
    const usage = run(folder, "diff");
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("diff needs the spec set to compare with");
    expect(run(folder, "diff", "git:main", "--fail-on", "anything").stderr).toContain('--fail-on takes "breaking"');
  });
});
