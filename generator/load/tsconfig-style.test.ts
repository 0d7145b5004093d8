import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeTempProjects, tempProject } from "../../test-support/temp-project.js";
import { generate } from "../generate.js";
import { projectImportExtension, resolveImportExtension, stripJsonComments } from "./tsconfig-style.js";

afterAll(removeTempProjects);

const out = (project: string) => path.join(project, "src/client-tools.gen");

describe("the project's import style", () => {
  it("is read from the nearest tsconfig above the output folder, following extends", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, ".js"],
      [{ "tsconfig.json": { compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext" } } }, ".js"],
      [{ "tsconfig.json": { compilerOptions: { module: "Node16" } } }, ".js"],
      // Next.js and Vite write these.
      [
        {
          "tsconfig.json":
            '{\n  // Next.js\n  "compilerOptions": { "module": "esnext", "moduleResolution": "bundler", },\n}\n',
        },
        "",
      ],
      [{ "tsconfig.json": { compilerOptions: { module: "preserve" } } }, ""],
      [{ "tsconfig.json": { compilerOptions: { module: "commonjs" } } }, ""],
      [
        {
          "tsconfig.json": {
            compilerOptions: { moduleResolution: "bundler", allowImportingTsExtensions: true, noEmit: true },
          },
        },
        ".ts",
      ],
      [
        {
          "tsconfig.base.json": { compilerOptions: { moduleResolution: "Bundler" } },
          "tsconfig.json": { extends: "./tsconfig.base.json" },
        },
        "",
      ],
      [
        {
          "tsconfig.base.json": { compilerOptions: { moduleResolution: "Bundler" } },
          "tsconfig.json": {
            extends: "./tsconfig.base",
            compilerOptions: { moduleResolution: "NodeNext", module: "NodeNext" },
          },
        },
        ".js",
      ],
      // A nearer tsconfig wins: src/ has its own.
      [
        {
          "tsconfig.json": { compilerOptions: { moduleResolution: "bundler" } },
          "src/tsconfig.json": { compilerOptions: { module: "NodeNext" } },
        },
        ".js",
      ],
      // An unreadable tsconfig counts as none.
      [{ "tsconfig.json": "{ not json" }, ".js"],
    ];
    for (const [files, expected] of cases)
      expect(projectImportExtension(out(tempProject(files))), JSON.stringify(files)).toBe(expected);
  });

  it("is the option's when one is given", () => {
    const project = tempProject({ "tsconfig.json": { compilerOptions: { moduleResolution: "bundler" } } });
    expect(resolveImportExtension("auto", out(project))).toBe("");
    expect(resolveImportExtension(".js", out(project))).toBe(".js");
    expect(resolveImportExtension("none", out(project))).toBe("");
    expect(resolveImportExtension(".ts", out(project))).toBe(".ts");
  });

  it("reads JSON with comments and trailing commas, and keeps strings as they are", () => {
    expect(JSON.parse(stripJsonComments('{ "a": "//x", /* c */ "b": [1, 2,], // d\n "c": "/*y*/" }'))).toEqual({
      a: "//x",
      b: [1, 2],
      c: "/*y*/",
    });
  });

  it("shapes every relative import of the generated files, and only them", async () => {
    const project = tempProject({
      "tsconfig.json": { compilerOptions: { moduleResolution: "bundler" } },
      "client-tools/t.json": {
        name: "t",
        description: 'Says: import { x } from "./y.js";',
        outputSchema: { type: "object" },
      },
    });
    const result = await generate({ cwd: project, prettier: false, validators: false });
    expect(result.diagnostics).toEqual([]);
    const texts = result.files.map((file) => file.contents).join("\n");
    expect(texts).toMatch(/from "\.\/types";/);
    expect(texts).toMatch(/from "\.\/client-tools\.gen\/index";/);
    expect(texts).not.toMatch(/^(?:import|export|\}).* from "\.\.?\/[^"]*\.js";$/m);
    // A description is text, never an import: it stays as written.
    expect(texts).toContain('import { x } from \\"./y.js\\";');
    const withJs = await generate({ cwd: project, prettier: false, importExtension: ".js" });
    expect(withJs.files.map((file) => file.contents).join("\n")).toMatch(/from "\.\/types\.js";/);
  });
});
