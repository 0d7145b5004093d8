import { realpathSync, symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import { afterEach, describe, expect, it } from "vitest";
import { removeTempProjects, tempProject, writeProjectFiles } from "../../test-support/temp-project.js";
import { generate } from "../generate.js";

afterEach(removeTempProjects);

const repositoryModules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../node_modules");

const spec = {
  name: "open_file_viewer",
  description: "Open a file viewer.",
  parameters: { type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"] },
};

// The project a user has: prettier in its node_modules (npm hoists ours there when they have
// none), a config, and here a plugin of their own, installed as a package.
function userProject(files: Record<string, unknown>): string {
  const root = tempProject(
    {
      "package.json": { name: "app", private: true, type: "module" },
      "client-tools/open_file_viewer.json": spec,
      "node_modules/prettier-plugin-banner/package.json": {
        name: "prettier-plugin-banner",
        version: "1.0.0",
        main: "index.cjs",
      },
      // A real plugin: the TypeScript parser of prettier itself, with a comment added before parsing.
      "node_modules/prettier-plugin-banner/index.cjs": `const { parsers } = require("prettier/plugins/typescript");
module.exports = { parsers: { typescript: { ...parsers.typescript, preprocess: (text) => "// checked by the banner plugin\\n" + text } } };
`,
      ...files,
    },
    "gct-prettier-",
  );
  symlinkSync(path.join(repositoryModules, "prettier"), path.join(root, "node_modules/prettier"), "dir");
  return root;
}

describe("prettier", () => {
  it("formats with the prettier that the project resolves, with its config, and names its version", async () => {
    const cwd = userProject({ ".prettierrc": { semi: false, singleQuote: true } });
    const result = await generate({ cwd, stubs: false });
    expect(result.diagnostics).toEqual([]);
    expect(result.formattedWith).toEqual({
      version: prettier.version,
      from: realpathSync(path.join(cwd, "node_modules/prettier")),
    });
    const handlers = result.files.find((f) => f.path.endsWith("handlers.ts"))!.contents;
    expect(handlers).toContain("from './types.js'");
    expect(handlers).not.toMatch(/;\n/);
    for (const file of result.files) {
      const options = (await prettier.resolveConfig(file.path)) ?? {};
      expect(await prettier.check(file.contents, { ...options, filepath: file.path }), file.path).toBe(true);
    }
  });

  it("loads the plugins the config names, from the config's folder, as prettier --check would", async () => {
    const cwd = userProject({ ".prettierrc": { plugins: ["prettier-plugin-banner"] } });
    const result = await generate({ cwd, stubs: false });
    expect(result.diagnostics).toEqual([]);
    const types = result.files.find((f) => f.path.endsWith("types.ts"))!.contents;
    expect(types.startsWith("// checked by the banner plugin\n")).toBe(true);
  });

  it("leaves the files that .prettierignore names as generated, and formats the others", async () => {
    const cwd = userProject({
      ".prettierrc": { singleQuote: true },
      ".prettierignore": "src/client-tools.gen/specs.ts\n",
    });
    const plain = await generate({ cwd, stubs: false, prettier: false });
    const result = await generate({ cwd, stubs: false });
    const text = (r: typeof result, name: string): string => r.files.find((f) => f.path.endsWith(name))!.contents;
    expect(text(result, "specs.ts")).toBe(text(plain, "specs.ts"));
    expect(text(result, "handlers.ts")).not.toBe(text(plain, "handlers.ts"));
    expect(text(result, "handlers.ts")).toContain("from './types.js'");
  });

  it("reads an edited config on the next run of the same process (watch mode, the Vite plugin)", async () => {
    const cwd = userProject({ ".prettierrc": { semi: true } });
    const first = await generate({ cwd, stubs: false });
    expect(first.files.find((f) => f.path.endsWith("index.ts"))!.contents).toMatch(/;\n/);
    writeProjectFiles(cwd, { ".prettierrc": { semi: false } });
    const second = await generate({ cwd, stubs: false });
    expect(second.files.find((f) => f.path.endsWith("index.ts"))!.contents).not.toMatch(/;\n/);
  });

  it("reports a prettier that fails (a plugin not installed) as a problem naming the config, and writes nothing", async () => {
    const cwd = userProject({ ".prettierrc": { plugins: ["prettier-plugin-not-installed"] } });
    const result = await generate({ cwd, stubs: false });
    expect(result.files).toEqual([]);
    expect(result.diagnostics).toEqual([
      {
        file: ".prettierrc",
        message: expect.stringMatching(
          /^prettier 3\.\d+\.\d+ could not format [\w-]+\.ts: .*prettier-plugin-not-installed.*; fix the prettier config, or set "prettier": false/,
        ),
      },
    ]);
  });

  it("reports a .prettierrc that is not YAML with prettier's reason, not only where it failed", async () => {
    const cwd = userProject({ ".prettierrc": "semi: false\n  bad: [\n" });
    const result = await generate({ cwd, stubs: false });
    expect(result.files).toEqual([]);
    expect(result.diagnostics).toEqual([
      {
        file: ".prettierrc",
        message: expect.stringMatching(
          /could not format [\w-]+\.ts: YAML Error in ".*\.prettierrc": Nested mappings are not allowed in compact mappings at line 1, column 7:; fix the prettier config/,
        ),
      },
    ]);
  });
});
