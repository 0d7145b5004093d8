import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { removeTempProjects, tempProject, writeSpecs } from "../emit/validators/__fixtures__/project.js";
import { allSpecs, tree } from "../emit/validators/__fixtures__/specs.js";
import { compileStandalone } from "../emit/validators/compile.js";
import { type GeneratedFile, type GenerateResult, generate } from "../generate.js";
import { runGeneration } from "../run-generation.js";
import { writeGenerated } from "../write-generated.js";
import { createGenerationCache } from "./generation-cache.js";
import { validatorCacheRoot } from "./validator-cache.js";

// Counts the schemas ajv compiles (run from the sources, the pool compiles in this thread).
vi.mock("../emit/validators/compile.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../emit/validators/compile.js")>();
  return { ...original, compileStandalone: vi.fn(original.compileStandalone) };
});
const compiles = vi.mocked(compileStandalone);

beforeEach(() => {
  compiles.mockClear();
});
afterEach(removeTempProjects);

async function run(cwd: string): Promise<readonly GeneratedFile[]> {
  const result = await generate({ cwd, stubs: false, validators: true });
  expect(result.diagnostics).toEqual([]);
  return result.files.filter((file) => file.path.includes(`${path.sep}validators${path.sep}`));
}

/** What ajv compiled: the `title` of each schema, as the specs below name them. */
function compiled(): string[] {
  return compiles.mock.calls.map(([schema]) => String(schema["title"])).sort();
}

const titled = (name: string, title: string, extra: object = {}) => ({
  name,
  description: `The ${name} tool.`,
  parameters: {
    title: `${title} args`,
    type: "object",
    properties: { a: { type: "string" }, b: { type: "number" } },
    ...extra,
  },
  ...(name.startsWith("ask") && {
    outputSchema: { title: `${title} result`, type: "object", properties: { ok: { type: "boolean" } } },
  }),
});

/** The cache's one file, of the project's only output folder. */
function cachePack(project: string): string {
  const root = path.join(project, "node_modules/.cache/gen-client-tools");
  const packs = readdirSync(root).filter((name) => name.endsWith(".pack"));
  expect(packs).toHaveLength(1);
  return path.join(root, packs[0]!);
}

/** The tools of the pack's records, in the order they were written. */
function recordIds(pack: string): string[] {
  return readFileSync(pack, "latin1")
    .split("\n")
    .filter((line) => line.startsWith('{"format":'))
    .map((line) => (JSON.parse(line) as { id: string }).id);
}

describe("the validators cache", () => {
  it("compiles every schema on a cold run, nothing on a warm one, and only the changed tool after a change", async () => {
    const project = tempProject({
      "a.json": titled("ask_a", "A"),
      "b.json": titled("tell_b", "B"),
      "c.json": titled("ask_c", "C"),
    });
    const cold = await run(project);
    expect(compiled()).toEqual(["A args", "A result", "B args", "C args", "C result"]);

    compiles.mockClear();
    expect(await run(project)).toEqual(cold);
    expect(compiled()).toEqual([]);

    writeSpecs(project, { "c.json": titled("ask_c", "C", { required: ["a"] }) });
    compiles.mockClear();
    const changed = await run(project);
    expect(compiled()).toEqual(["C args", "C result"]);
    expect(
      changed.filter((file, i) => file.contents !== cold[i]!.contents).map((file) => path.basename(file.path)),
    ).toEqual(["ask_c.ts"]);
  });

  it("compiles a private-input tool again when only its private input's schema changes", async () => {
    const connect = (required: string[]) => ({
      name: "connect",
      description: "Connect an account.",
      parameters: { title: "P args", type: "object", properties: { service: { type: "string" } } },
      privateInput: {
        schema: { title: "P input", type: "object", properties: { token: { type: "string" } }, required },
        response: { status: "connected" },
      },
    });
    const project = tempProject({ "p.json": connect([]) });
    const before = await run(project);
    writeSpecs(project, { "p.json": connect(["token"]) });
    compiles.mockClear();
    const after = await run(project);
    expect(compiled()).toEqual(["P args", "P input"]);
    expect(after.find((file) => file.path.endsWith("connect.ts"))!.contents).not.toBe(
      before.find((file) => file.path.endsWith("connect.ts"))!.contents,
    );
  });

  it("compiles a schema that several tools share once in a run", async () => {
    const project = tempProject({ "a.json": titled("tell_a", "S"), "b.json": titled("tell_b", "S") });
    const files = await run(project);
    expect(compiled()).toEqual(["S args"]);
    const moduleOf = (tool: string) => files.find((file) => file.path.endsWith(`${tool}.ts`))!.contents;
    expect(moduleOf("tell_a")).toContain("export const validateTellAArgs");
    expect(moduleOf("tell_b")).toBe(moduleOf("tell_a").replaceAll("TellA", "TellB").replaceAll("tell_a", "tell_b"));
  });

  it("does not compile again when only a description changes (the module does not contain it)", async () => {
    const project = tempProject({ "a.json": titled("ask_a", "A") });
    await run(project);
    writeSpecs(project, { "a.json": { ...titled("ask_a", "A"), description: "Another description." } });
    compiles.mockClear();
    await run(project);
    expect(compiled()).toEqual([]);
  });

  it("compiles again when only the key order changes: ajv checks properties in that order", async () => {
    const project = tempProject({ "a.json": titled("tell_a", "A") });
    const before = await run(project);
    const reordered = titled("tell_a", "A");
    writeSpecs(project, {
      "a.json": {
        ...reordered,
        parameters: { ...reordered.parameters, properties: { b: { type: "number" }, a: { type: "string" } } },
      },
    });
    compiles.mockClear();
    const after = await run(project);
    expect(compiled()).toEqual(["A args"]);
    expect(after[0]!.contents).not.toBe(before[0]!.contents);
    // The same bytes as a run with no cache at all.
    rmSync(path.join(project, "node_modules/.cache"), { recursive: true });
    expect(await run(project)).toEqual(after);
  });

  it("gives the same bytes cold and warm, whatever else is compiled in the same run", async () => {
    const together = tempProject(allSpecs);
    const alone = tempProject({ "tree.json": tree });
    const cold = await run(together);
    const warm = await run(together);
    expect(warm).toEqual(cold);
    const treeModule = (files: readonly GeneratedFile[]) =>
      files.find((file) => file.path.endsWith("show_tree.ts"))!.contents;
    expect(treeModule(await run(alone))).toBe(treeModule(cold));
  });

  it("gives the manifest the digest each module's file has, from the cache's checksum, whatever the import style", async () => {
    const project = tempProject(allSpecs);
    const manifestOf = async (importExtension: ".js" | ".ts") => {
      const result = await generate({ cwd: project, stubs: false, validators: true, importExtension });
      expect(result.diagnostics).toEqual([]);
      const manifest = result.files.find((file) => file.path.endsWith("gen-client-tools.manifest.json"))!;
      return (JSON.parse(manifest.contents) as { outputs: string }).outputs;
    };
    // A cold run takes the digests the cache computed to store the modules it compiled; a warm one those it checked its
    // entries against.
    const cold = await manifestOf(".js");
    compiles.mockClear();
    expect(await manifestOf(".js")).toBe(cold);
    expect(compiled()).toEqual([]);
    // Restyled import specifiers change a module's text after the cache gave it: that file is hashed again.
    const restyled = await manifestOf(".ts");
    rmSync(path.join(project, "node_modules/.cache"), { recursive: true });
    expect(await manifestOf(".ts")).toBe(restyled);
    expect(restyled).not.toBe(cold);
  });

  it("ignores a damaged entry and what follows a record cut short, and writes them again", async () => {
    const project = tempProject({
      "a.json": titled("ask_a", "A"),
      "b.json": titled("ask_b", "B"),
      "c.json": titled("ask_c", "C"),
      "d.json": titled("ask_d", "D"),
    });
    const cold = await run(project);
    const pack = cachePack(project);
    const bytes = readFileSync(pack, "latin1");
    expect(recordIds(pack)).toEqual(["ask_a", "ask_b", "ask_c", "ask_d"]);
    // ask_b's code altered (its checksum no longer holds), ask_d's record cut short.
    const b = bytes.indexOf('"id":"ask_b"');
    const altered = bytes.slice(0, b) + bytes.slice(b).replace("validate0", "validateX");
    writeFileSync(pack, altered.slice(0, altered.indexOf('"id":"ask_d"') + 200), "latin1");
    compiles.mockClear();
    expect(await run(project)).toEqual(cold);
    expect(compiled()).toEqual(["B args", "B result", "D args", "D result"]);
    compiles.mockClear();
    expect(await run(project)).toEqual(cold);
    expect(compiled()).toEqual([]);

    writeFileSync(pack, "\u0000garbage");
    compiles.mockClear();
    expect(await run(project)).toEqual(cold);
    expect(compiled()).toHaveLength(8);
  });

  it("drops the entries of removed tools, and superseded ones once they outweigh the rest", async () => {
    const project = tempProject({ "a.json": titled("ask_a", "A"), "b.json": titled("ask_b", "B") });
    await run(project);
    rmSync(path.join(project, "client-tools/b.json"));
    await run(project);
    expect(recordIds(cachePack(project))).toEqual(["ask_a"]);
    // Each change appends an entry; the file is written again once the superseded ones pass a megabyte.
    const pack = cachePack(project);
    let largest = 0;
    let compacted = false;
    for (let i = 1; i <= 1000 && !compacted; i++) {
      writeSpecs(project, { "a.json": titled("ask_a", "A", { maxProperties: i }) });
      await run(project);
      const size = statSync(pack).size;
      compacted = size < largest;
      largest = Math.max(largest, size);
    }
    expect(compacted).toBe(true);
    expect(largest).toBeLessThan((1 << 20) + (64 << 10));
    expect(recordIds(pack)).toEqual(["ask_a"]);
    compiles.mockClear();
    await run(project);
    expect(compiled()).toEqual([]);
  });

  it("in a process that keeps a generation cache (--watch), takes an unchanged tool's module from memory", async () => {
    const project = tempProject({ "a.json": titled("ask_a", "A"), "b.json": titled("tell_b", "B") });
    const options = { cwd: project, stubs: false as const, validators: true };
    const cache = createGenerationCache();
    const validatorFiles = (result: GenerateResult) =>
      result.files.filter((file) => file.path.includes(`${path.sep}validators${path.sep}`));
    const first = await runGeneration(options, cache);
    expect(compiled()).toEqual(["A args", "A result", "B args"]);
    writeGenerated(first);
    // The cache's file gone, and one tool changed: only that tool is compiled, the other comes from memory.
    rmSync(path.join(project, "node_modules/.cache"), { recursive: true });
    writeSpecs(project, { "b.json": titled("tell_b", "B", { required: ["a"] }) });
    compiles.mockClear();
    const second = await runGeneration(options, cache);
    expect(compiled()).toEqual(["B args"]);
    compiles.mockClear();
    expect(validatorFiles(second)).toEqual(await run(project));
    expect(second.diagnostics).toEqual([]);
  });

  it("still generates when the cache cannot be written, compiling every time", async () => {
    const project = tempProject({ "a.json": titled("ask_a", "A") });
    writeFileSync(path.join(project, "node_modules/.cache"), "a file where the cache folder would go");
    const first = await run(project);
    compiles.mockClear();
    expect(await run(project)).toEqual(first);
    expect(compiled()).toEqual(["A args", "A result"]);
  });
});

describe("validatorCacheRoot", () => {
  it("is node_modules/.cache/gen-client-tools of the nearest folder up with a node_modules", () => {
    const project = tempProject({});
    const nested = path.join(project, "packages/app");
    mkdirSync(nested, { recursive: true });
    expect(validatorCacheRoot(nested)).toBe(path.join(project, "node_modules/.cache/gen-client-tools"));
  });

  it("is a folder only this user can write in the OS temp dir when there is no node_modules", () => {
    // The test needs a folder with no node_modules above it.
    expect(existsSync(path.join(tmpdir(), "node_modules"))).toBe(false);
    const project = tempProject({});
    rmSync(path.join(project, "node_modules"), { recursive: true });
    const root = validatorCacheRoot(project)!;
    expect(path.dirname(root)).toBe(tmpdir());
    expect(path.basename(root)).toMatch(/^gen-client-tools-cache-/);
    const stats = lstatSync(root);
    expect(stats.isDirectory()).toBe(true);
    expect(stats.mode & 0o022).toBe(0);
  });
});
