import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPackage } from "../../test-support/built-package.js";
import { removeTempProjects, tempProject } from "../../test-support/temp-project.js";
import { typecheck } from "../../test-support/typecheck.js";

// `gen-client-tools init` as a user runs it: the built CLI, in a fresh folder.
let cli: string;
beforeAll(() => {
  cli = path.join(buildPackage({ linkNodeModules: true }), "bin/gen-client-tools.js");
});
afterAll(removeTempProjects);

function run(cwd: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8", timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("gen-client-tools init", () => {
  it("leaves out of the next steps the packages the project has installed already", () => {
    const folder = tempProject({
      "package.json": {
        name: "app",
        dependencies: { "@gen-client-tools/runtime": "0.1.0" },
        devDependencies: { "gen-client-tools": "0.1.0" },
      },
    });
    const init = run(folder, "init");
    expect(init.status, init.stderr).toBe(0);
    expect(init.stdout).not.toContain("npm i");
    expect(init.stdout).toMatch(/Next steps:\n {2}1\. npx gen-client-tools /);
    const half = tempProject({ "package.json": { name: "app", devDependencies: { "gen-client-tools": "0.1.0" } } });
    const halfInit = run(half, "init");
    expect(halfInit.stdout).toContain("1. npm i @gen-client-tools/runtime");
    expect(halfInit.stdout).not.toContain("npm i -D gen-client-tools");
  });

  it("creates an example tool and the config, prints the next steps, and the project then generates code that compiles", () => {
    const folder = tempProject({});
    const init = run(folder, "init");
    expect(init.status, init.stderr).toBe(0);
    expect(init.stdout).toContain("client-tools/open_file_viewer.json");
    expect(init.stdout).toMatch(/Next steps:[\s\S]*npx gen-client-tools [\s\S]*--watch[\s\S]*--check/);
    // Which package goes where: the runtime a dependency, the command a dev dependency.
    expect(init.stdout).toMatch(/1\. npm i @gen-client-tools\/runtime .*dependency[\s\S]*npm i -D gen-client-tools /);
    expect(readdirSync(path.join(folder, "client-tools"))).toEqual(["open_file_viewer.json"]);
    expect(JSON.parse(readFileSync(path.join(folder, "gen-client-tools.config.json"), "utf8"))).toEqual({
      in: "client-tools",
      out: "src/client-tools.gen",
      stubs: "src/client-tool-handlers.ts",
    });

    const generate = run(folder);
    expect(generate.status, generate.stderr).toBe(0);
    expect(run(folder, "--check").status).toBe(0);
    const sources = Object.fromEntries(
      readdirSync(path.join(folder, "src"), { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".ts"))
        .map((file) => [`/src/${file}`, readFileSync(path.join(folder, "src", file), "utf8")]),
    );
    expect(Object.keys(sources)).toContain("/src/client-tool-handlers.ts");
    expect(typecheck(sources)).toEqual([]);
  });

  it("puts the generated code where create-next-app's @/* alias reaches it, with src/ and without", () => {
    // create-next-app 16's tsconfig (comments and all) and its two layouts.
    const tsconfig = (target: string) =>
      `{\n  "compilerOptions": {\n    "moduleResolution": "bundler", // as Next.js sets it\n    "paths": { "@/*": ["${target}"] }\n  },\n}\n`;
    const layouts = [
      {
        files: { "tsconfig.json": tsconfig("./*"), "app/page.tsx": "" },
        out: "client-tools.gen",
        stubs: "client-tool-handlers.ts",
      },
      {
        files: { "tsconfig.json": tsconfig("./src/*"), "src/app/page.tsx": "" },
        out: "src/client-tools.gen",
        stubs: "src/client-tool-handlers.ts",
      },
      // No alias: an app at the root is the root's; otherwise src/.
      { files: { "pages/index.tsx": "" }, out: "client-tools.gen", stubs: "client-tool-handlers.ts" },
    ];
    for (const { files, out, stubs } of layouts) {
      const folder = tempProject(files);
      const init = run(folder, "init");
      expect(init.status, init.stderr).toBe(0);
      expect(JSON.parse(readFileSync(path.join(folder, "gen-client-tools.config.json"), "utf8"))).toEqual({
        in: "client-tools",
        out,
        stubs,
      });
      expect(init.stdout).toContain(`generate ${out}/ and your handlers file ${stubs}`);
      if ("tsconfig.json" in files)
        expect(init.stdout).toContain("registerClientTools(registry) from @/client-tools.gen/specs");
    }
  });

  it("refuses when the spec folder exists, naming it, and creates nothing", () => {
    const folder = tempProject({ "client-tools/mine.json": "{}" });
    const init = run(folder, "init");
    expect(init.status).toBe(1);
    expect(init.stderr).toContain("gen-client-tools init: client-tools already exists");
    expect(init.stderr).toContain("nothing was created");
    expect(readdirSync(path.join(folder, "client-tools"))).toEqual(["mine.json"]);
    expect(existsSync(path.join(folder, "gen-client-tools.config.json"))).toBe(false);
  });

  it("refuses when the config file exists, naming it, and leaves it as it was", () => {
    const folder = tempProject({ "gen-client-tools.config.json": '{ "in": "specs" }' });
    const init = run(folder, "init");
    expect(init.status).toBe(1);
    expect(init.stderr).toContain("gen-client-tools init: gen-client-tools.config.json already exists");
    expect(init.stderr).not.toContain("client-tools already exists");
    expect(readFileSync(path.join(folder, "gen-client-tools.config.json"), "utf8")).toBe('{ "in": "specs" }');
    expect(existsSync(path.join(folder, "client-tools"))).toBe(false);
  });

  it("takes no generation options", () => {
    const init = run(tempProject({}), "init", "--out", "gen");
    expect(init.status).toBe(2);
    expect(init.stderr).toContain("init takes only --example (got --out)");
  });

  it("writes the walkthrough with --example, every file and the package settings it runs with, and never overwrites", () => {
    // npm init -y's package.json: CommonJS, a test script.
    const folder = tempProject({ "package.json": { name: "app", type: "commonjs", scripts: { test: "vitest" } } });
    const init = run(folder, "init", "--example", "walkthrough");
    expect(init.status, init.stderr).toBe(0);
    const example = path.resolve(import.meta.dirname, "../../examples/walkthrough");
    for (const file of [
      "client-tools/get_location.json",
      "build.js",
      "src/page.ts",
      "src/page-ui.ts",
      "src/index.html",
    ])
      expect(readFileSync(path.join(folder, file), "utf8")).toBe(readFileSync(path.join(example, file), "utf8"));
    expect(JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8"))).toEqual({
      name: "app",
      type: "module",
      scripts: { test: "vitest", dev: "gen-client-tools && node build.js && node .build/server.js" },
    });
    expect(init.stdout).toContain("npm i @gen-client-tools/runtime");
    expect(init.stdout).toContain("npm i -D gen-client-tools esbuild");
    expect(init.stdout).toMatch(/npm run dev +generate, bundle and serve/);
    const again = run(folder, "init", "--example", "walkthrough");
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("client-tools/get_location.json already exists");
  });
});
