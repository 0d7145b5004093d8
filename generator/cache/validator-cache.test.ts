import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { removeTempProjects, tempProject, writeSpecs } from "../emit/validators/__fixtures__/project.js";
import { allSpecs, tree } from "../emit/validators/__fixtures__/specs.js";
import { compileStandalone } from "../emit/validators/compile.js";
import { type GeneratedFile, generate } from "../generate.js";
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

function cacheEntries(project: string): string[] {
  const root = path.join(project, "node_modules/.cache/gen-client-tools");
  return readdirSync(root).flatMap((folder) =>
    readdirSync(path.join(root, folder)).map((entry) => path.join(root, folder, entry)),
  );
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

  it("ignores a corrupted entry (truncated, altered or garbage) and rewrites it", async () => {
    const project = tempProject({
      "a.json": titled("ask_a", "A"),
      "b.json": titled("ask_b", "B"),
      "c.json": titled("ask_c", "C"),
      "d.json": titled("ask_d", "D"),
    });
    const cold = await run(project);
    const entry = (id: string) => cacheEntries(project).find((file) => path.basename(file) === `${id}.cache`)!;
    const text = (id: string) => readFileSync(entry(id), "utf8");
    writeFileSync(entry("ask_a"), text("ask_a").slice(0, 200));
    writeFileSync(entry("ask_b"), text("ask_b").replace("validate0", "validateX"));
    writeFileSync(entry("ask_c"), "\u0000garbage");
    compiles.mockClear();
    expect(await run(project)).toEqual(cold);
    expect(compiled()).toEqual(["A args", "A result", "B args", "B result", "C args", "C result"]);

    compiles.mockClear();
    await run(project);
    expect(compiled()).toEqual([]);
  });

  it("removes the entries of removed tools", async () => {
    const project = tempProject({ "a.json": titled("ask_a", "A"), "b.json": titled("ask_b", "B") });
    await run(project);
    rmSync(path.join(project, "client-tools/b.json"));
    await run(project);
    expect(cacheEntries(project).map((file) => path.basename(file))).toEqual(["ask_a.cache"]);
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
