import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { removeTempProjects, tempProject } from "../../test-support/temp-project.js";
import * as readJson from "./read-json-file.js";
import { loadSources } from "./sources.js";

afterEach(() => {
  removeTempProjects();
  vi.restoreAllMocks();
});

const spec = (name: string, parameters: object) => ({ name, description: `The ${name} tool.`, parameters });

describe("loadSources", () => {
  it("reads each spec file, and every file its $refs reach inside the spec folder, each once", () => {
    const cwd = tempProject({
      "client-tools/a.json": spec("a", {
        type: "object",
        properties: { p: { $ref: "./shared/point.json" }, q: { $ref: "./shared/point.json#/$defs/x" } },
      }),
      "client-tools/b.json": spec("b", {
        type: "object",
        properties: { p: { $ref: "shared/point.json" }, r: { $ref: "../outside.json" } },
      }),
      "client-tools/shared/point.json": {
        type: "object",
        properties: { next: { $ref: "./next.json" } },
        $defs: { x: { type: "string" } },
      },
      "client-tools/shared/next.json": { type: "number" },
      "outside.json": { type: "string" },
    });
    const reads = vi.spyOn(readJson, "readJsonFile");
    const { sources, diagnostics } = loadSources({
      in: [path.join(cwd, "client-tools")],
      out: path.join(cwd, "gen"),
      cwd,
      stubs: false,
    });
    expect(diagnostics).toEqual([]);
    expect(sources.specs.map((s) => s.document.displayPath)).toEqual(["client-tools/a.json", "client-tools/b.json"]);
    const shared = path.join(cwd, "client-tools/shared");
    expect([...sources.specs[0]!.schemaFiles.keys()]).toEqual([
      path.join(shared, "point.json"),
      path.join(shared, "next.json"),
    ]);
    // A file outside the spec folder is not read: check refuses the reference.
    expect([...sources.specs[1]!.schemaFiles.keys()]).toEqual([
      path.join(shared, "point.json"),
      path.join(shared, "next.json"),
    ]);
    expect(sources.schemaDigests.size).toBe(2);
    expect(reads.mock.calls.map(([file]) => path.relative(cwd, file))).toEqual([
      "client-tools/a.json",
      "client-tools/shared/point.json",
      "client-tools/shared/next.json",
      "client-tools/b.json",
    ]);
  });

  it("records a missing file, a link leading out of the folder, and a file that is no JSON, as the reference's problem", () => {
    const cwd = tempProject({
      "client-tools/a.json": spec("a", {
        type: "object",
        properties: { m: { $ref: "./missing.json" }, l: { $ref: "./link.json" }, bad: { $ref: "./bad.json" } },
      }),
      "client-tools/bad.json": "{",
      "secret.json": { type: "string" },
    });
    symlinkSync(path.join(cwd, "secret.json"), path.join(cwd, "client-tools/link.json"));
    const { sources } = loadSources({
      in: [path.join(cwd, "client-tools")],
      out: path.join(cwd, "gen"),
      cwd,
      stubs: false,
    });
    const files = sources.specs[0]!.schemaFiles;
    expect(files.get(path.join(cwd, "client-tools/missing.json"))).toEqual({
      error: expect.stringMatching(/^no such file/),
    });
    expect(files.get(path.join(cwd, "client-tools/link.json"))).toEqual({
      error: expect.stringContaining("a link that leads out of the spec's folder"),
    });
    expect(files.get(path.join(cwd, "client-tools/bad.json"))).toEqual({
      error: expect.stringContaining("client-tools/bad.json:1:2: invalid JSON"),
    });
    expect(sources.schemaDigests.size).toBe(0);
  });

  it("reads the handlers file and the previous manifest when they exist", () => {
    const cwd = tempProject({ "client-tools/a.json": spec("a", { type: "object" }) });
    const options = {
      in: [path.join(cwd, "client-tools")],
      out: path.join(cwd, "gen"),
      cwd,
      stubs: path.join(cwd, "src/handlers.ts"),
    };
    expect(loadSources(options).sources).toMatchObject({
      stubs: { path: options.stubs, text: undefined },
      previousManifest: undefined,
    });
    mkdirSync(path.join(cwd, "src"));
    writeFileSync(options.stubs, "// mine\n");
    mkdirSync(options.out);
    const manifest = {
      generator: "gen-client-tools 0.1.0",
      generatorCode: "c",
      inputs: "i",
      schemaFiles: [],
      tools: ["a"],
      outputs: "o",
    };
    writeFileSync(path.join(options.out, "gen-client-tools.manifest.json"), JSON.stringify(manifest));
    expect(loadSources(options).sources).toMatchObject({ stubs: { text: "// mine\n" }, previousManifest: manifest });
  });
  it("in --watch, takes a spec file the watcher did not name as the run before read it, and reads again one it named or a link", () => {
    const cwd = tempProject({
      "client-tools/a.json": spec("a", { type: "object" }),
      "client-tools/b.json": spec("b", { type: "object" }),
    });
    const folder = path.join(cwd, "client-tools");
    symlinkSync(path.join(folder, "b.json"), path.join(folder, "c.json"));
    const unnamed = new Set<string>();
    let sameFiles = false;
    const cache = {
      documents: new Map(),
      withoutFileRefs: new WeakSet(),
      watched: { take: () => ({ unchanged: (file: string) => unnamed.has(file), sameFiles }) },
    };
    const options = { in: [folder], out: path.join(cwd, "gen"), cwd, stubs: false as const };
    const descriptions = () =>
      loadSources(options, cache).sources.specs.map(
        ({ document }) => (document.value as { description: string }).description,
      );
    expect(descriptions()).toEqual(["The a tool.", "The b tool.", "The b tool."]);

    // Both files changed, and the watcher names neither: each is taken as read, but for the link, which is read.
    const edit = (name: string) =>
      writeFileSync(
        path.join(folder, `${name}.json`),
        JSON.stringify({ ...spec(name, { type: "object" }), description: `New ${name}.` }),
      );
    edit("a");
    edit("b");
    for (const name of ["a.json", "b.json", "c.json"]) unnamed.add(path.join(folder, name));
    expect(descriptions()).toEqual(["The a tool.", "The b tool.", "New b."]);
    // Named, they are read.
    unnamed.clear();
    expect(descriptions()).toEqual(["New a.", "New b.", "New b."]);

    // No file added or removed, says the watcher: the listing is the last run's, without the file it did not report.
    edit("d");
    sameFiles = true;
    expect(descriptions()).toHaveLength(3);
    sameFiles = false;
    expect(descriptions()).toEqual(["New a.", "New b.", "New b.", "New d."]);
  });
});
