import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtCliWithPreload } from "../test-support/built-package.js";
import { removeTempProjects, tempProject } from "../test-support/temp-project.js";

// The built CLI in a package of its own (the repository's dist/ is rebuilt by other tests at the
// same time). A module hook, preloaded before the CLI starts, records every module URL the
// process resolves.
let pkg: string;
let cli: string;
let preload: string;

beforeAll(() => {
  ({ pkg, cli, preload } = builtCliWithPreload(
    "record-modules.mjs",
    `import { register } from "node:module";
register(${JSON.stringify(
      `data:text/javascript,${encodeURIComponent(`import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.GCT_MODULE_LOG, resolved.url + "\\n");
  return resolved;
}`)}`,
    )});
`,
  ));
}, 120_000);
afterAll(() => {
  removeTempProjects();
  rmSync(pkg, { recursive: true, force: true });
});

/** The files of the CLI's bundle that a run of the CLI with these arguments loaded. */
function bundleFilesLoaded(cwd: string, ...args: string[]): string[] {
  const log = path.join(cwd, "modules.log");
  writeFileSync(log, "");
  const result = spawnSync(process.execPath, ["--import", pathToFileURL(preload).href, cli, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GCT_MODULE_LOG: log },
    timeout: 60_000,
  });
  expect(result.status, result.stderr).toBe(0);
  const bundle = pathToFileURL(path.join(pkg, "dist/generator/bundle")).href;
  const files = new Set(
    readFileSync(log, "utf8")
      .split("\n")
      .filter((url) => url.startsWith(`${bundle}/`)),
  );
  return [...files].map((url) => url.slice(bundle.length + 1)).sort();
}

const SPEC = {
  name: "set_theme",
  description: "Switch the page's theme.",
  parameters: { type: "object", properties: { theme: { enum: ["light", "dark"] } }, required: ["theme"] },
};
const project = () => tempProject({ "client-tools/set_theme.json": SPEC }, "gct-bundle-");

describe("the CLI's bundle (scripts/after-build.js)", () => {
  it("gives a generating run, and --check after it, main.js and the chunk of what a run needs, with at most one small chunk more", () => {
    const folder = project();
    // Split by which entries share each module, a run loaded some 40 chunks.
    const run = bundleFilesLoaded(folder, "--quiet");
    expect(run).toContain("main.js");
    expect(run.length).toBeLessThanOrEqual(3);
    const check = bundleFilesLoaded(folder, "--check", "--quiet");
    expect(check.length).toBeLessThanOrEqual(3);
  });

  it("leaves what a run does not need in chunks of their own, loaded when asked: --validators loads more", () => {
    const folder = project();
    const run = bundleFilesLoaded(folder, "--quiet");
    const validators = bundleFilesLoaded(folder, "--validators", "--quiet");
    expect(validators.filter((file) => !run.includes(file)).length).toBeGreaterThan(0);
  });
});
