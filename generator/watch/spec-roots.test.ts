import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeTempProjects, tempProject } from "../../test-support/temp-project.js";
import { affectsSpecs, watchPlan } from "./spec-roots.js";

afterEach(removeTempProjects);

describe("watchPlan", () => {
  it("watches a spec folder with its subfolders, and only the folder of a spec file named alone", () => {
    const cwd = tempProject({ "client-tools/a.json": {}, "more/b.json": {} });
    const plan = watchPlan({ in: ["client-tools", "more/b.json"] }, cwd);
    expect(plan.roots).toEqual([
      { dir: path.join(cwd, "client-tools"), recursive: true },
      { dir: path.join(cwd, "more"), recursive: false },
    ]);
  });

  it("ignores the output folder and the handlers file, or the output folder alone without stubs", () => {
    const cwd = tempProject({ "client-tools/a.json": {} });
    expect(watchPlan({}, cwd).ignored).toEqual([
      path.join(cwd, "src/client-tools.gen"),
      path.join(cwd, "src/client-tool-handlers.ts"),
    ]);
    expect(watchPlan({ out: "gen", stubs: false }, cwd).ignored).toEqual([path.join(cwd, "gen")]);
  });

  it("watches for inputs that do not exist yet: a folder, or a .json file in its folder", () => {
    const cwd = tempProject({});
    expect(watchPlan({ in: ["specs", "more/b.json"] }, cwd).roots).toEqual([
      { dir: path.join(cwd, "specs"), recursive: true },
      { dir: path.join(cwd, "more"), recursive: false },
    ]);
  });
});

describe("affectsSpecs", () => {
  const root = path.resolve("/p/client-tools");
  const roots = [
    { dir: root, recursive: true },
    { dir: path.resolve("/p/one"), recursive: false },
  ];
  const ignored = [path.resolve("/p/client-tools/gen"), path.resolve("/p/client-tools/handlers.ts")];
  const affects = (file: string): boolean => affectsSpecs(path.resolve(file), roots, ignored);

  it("takes a root itself: removed, replaced, or changed in a way the platform did not name", () => {
    expect(affects("/p/client-tools")).toBe(true);
    expect(affects("/p/one")).toBe(true);
  });

  it("takes any path under a spec folder, files and folders, at any depth", () => {
    expect(affects("/p/client-tools/a.json")).toBe(true);
    expect(affects("/p/client-tools/shared/point.json")).toBe(true);
    expect(affects("/p/client-tools/shared")).toBe(true);
  });

  it("takes only .json files directly in the folder of a spec file named alone", () => {
    expect(affects("/p/one/t.json")).toBe(true);
    expect(affects("/p/one/README.md")).toBe(false);
    expect(affects("/p/one/sub/t.json")).toBe(false);
  });

  it("leaves out the generator's own output, hidden files, node_modules and paths elsewhere", () => {
    expect(affects("/p/client-tools/gen/types.ts")).toBe(false);
    expect(affects("/p/client-tools/handlers.ts")).toBe(false);
    expect(affects("/p/client-tools/.a.json.swp")).toBe(false);
    expect(affects("/p/client-tools/.a.json.123.tmp")).toBe(false);
    expect(affects("/p/client-tools/.git/index")).toBe(false);
    expect(affects("/p/client-tools/node_modules/x/package.json")).toBe(false);
    expect(affects("/p/src/main.ts")).toBe(false);
    expect(affects("/p/client-tools-old/a.json")).toBe(false);
  });
});
