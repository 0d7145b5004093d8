import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { schemaWarnings } from "@gen-client-tools/runtime/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { removeTempProjects, tempProject } from "../../test-support/temp-project.js";
import { emitSchemaTypes } from "../emit/schema-types/index.js";
import { validatorExportsDigest } from "../emit/validators/cache-key.js";
import { generate } from "../generate.js";
import { writeGenerated } from "../write-generated.js";
import { generateWithoutIndex, pointAt, seen, tool } from "./__fixtures__/runs.js";

// Counts the schemas the types emitter turns into types: a tool taken from the store emits none.
vi.mock("../emit/schema-types/index.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../emit/schema-types/index.js")>();
  return { ...original, emitSchemaTypes: vi.fn(original.emitSchemaTypes) };
});
const emitted = vi.mocked(emitSchemaTypes);
// Counts the tools whose validator exports were hashed for their cache key: the store keeps each tool's digest.
vi.mock("../emit/validators/cache-key.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../emit/validators/cache-key.js")>();
  return { ...original, validatorExportsDigest: vi.fn(original.validatorExportsDigest) };
});
const hashed = vi.mocked(validatorExportsDigest);
// Counts the schemas the check stage walked for warnings: a spec file the last run found right is not walked again.
vi.mock("@gen-client-tools/runtime/core", async (importOriginal) => {
  const original = await importOriginal<typeof import("@gen-client-tools/runtime/core")>();
  return { ...original, schemaWarnings: vi.fn(original.schemaWarnings) };
});
const walked = vi.mocked(schemaWarnings);

beforeEach(() => {
  emitted.mockClear();
  hashed.mockClear();
  walked.mockClear();
});
afterEach(removeTempProjects);

/** The tools whose argument types were emitted, by the root names the emitter was given. */
const emittedArgs = (): string[] =>
  emitted.mock.calls.map(([, options]) => options.rootName).filter((name) => name.endsWith("Args"));

describe("the products store", () => {
  it("takes each unchanged tool's parts from the files the last run generated, giving what a run without it gives", async () => {
    const cwd = tempProject({
      "node_modules/.keep": "",
      "client-tools/a.json": tool("alpha", { outputSchema: pointAt }),
      "client-tools/schemas/shapes.json": {
        $defs: { point: { type: "object", properties: { x: { type: "number" } } } },
      },
      "client-tools/b.json": [tool("beta"), tool("gamma", { awaited: true })],
      "client-tools/c.json": tool("delta", {
        privateInput: { schema: { type: "object", properties: { token: { type: "string" } } }, response: { ok: true } },
      }),
    });
    const write = (file: string, value: unknown): void =>
      writeFileSync(path.join(cwd, "client-tools", file), JSON.stringify(value, null, 2));
    /** A run as a new process makes it, written; then one without the store's index, which must give the same. */
    const step = async (): Promise<string[]> => {
      emitted.mockClear();
      const result = await generate({ cwd });
      const args = emittedArgs();
      expect(seen(result)).toEqual(seen(await generateWithoutIndex(cwd)));
      if (result.diagnostics.length === 0) writeGenerated(result);
      return args.sort();
    };

    expect(await step()).toEqual(["AlphaArgs", "BetaArgs", "DeltaArgs", "GammaArgs"]);
    expect(await step()).toEqual([]);
    write("a.json", tool("alpha", { description: "Edited.", outputSchema: pointAt }));
    expect(await step()).toEqual(["AlphaArgs"]);
    // The schema file a $ref reaches changes: the tool that names it is emitted again.
    write("schemas/shapes.json", { $defs: { point: { type: "object", properties: { y: { type: "integer" } } } } });
    expect(await step()).toEqual(["AlphaArgs"]);
    // A tool changed, one removed and one added in the same file.
    write("b.json", [tool("beta", { awaited: true }), tool("epsilon")]);
    expect(await step()).toEqual(["BetaArgs", "EpsilonArgs"]);
    // types.ts edited by hand: it is not the file the index describes, so every tool's types are emitted again.
    const types = path.join(cwd, "src/client-tools.gen/types.ts");
    writeFileSync(types, `${readFileSync(types, "utf8")}// edited\n`);
    expect(await step()).toEqual(["AlphaArgs", "BetaArgs", "DeltaArgs", "EpsilonArgs"]);
  });

  it("spares the schema walks of a spec file the last run found right, and reports its warnings as that run did", async () => {
    const cwd = tempProject({
      "node_modules/.keep": "",
      // A misspelt keyword: a warning.
      "client-tools/a.json": tool("alpha", { parameters: { type: "object", properties: { x: { minLenght: 2 } } } }),
      "client-tools/b.json": [tool("beta"), tool("gamma")],
      "client-tools/c.json": tool("delta", { parameters: pointAt }),
      "client-tools/schemas/shapes.json": { $defs: { point: { type: "object" } } },
    });
    const walkedParameters = (): string[] => walked.mock.calls.map(([, pointer]) => pointer ?? "").sort();
    const first = await generate({ cwd });
    expect(first.diagnostics).toEqual([]);
    expect(first.warnings).toEqual([expect.objectContaining({ file: "client-tools/a.json" })]);
    writeGenerated(first);
    walked.mockClear();
    const rerun = await generate({ cwd });
    // Only the file whose schemas are bundled with a schema file is walked again.
    expect(walkedParameters()).toEqual(["/parameters"]);
    expect(rerun.warnings).toEqual(first.warnings);
    expect(seen(rerun)).toEqual(seen(await generateWithoutIndex(cwd)));
    // A problem put into a file the last run found right is found.
    writeFileSync(
      path.join(cwd, "client-tools/b.json"),
      JSON.stringify([tool("beta", { parameters: { type: "object", properties: { x: { type: "strnig" } } } })]),
    );
    walked.mockClear();
    const broken = await generate({ cwd });
    expect(walkedParameters()).toEqual(["/0/parameters", "/parameters"]);
    expect(broken.diagnostics).toEqual([
      expect.objectContaining({ file: "client-tools/b.json", pointer: "/0/parameters/properties/x/type" }),
    ]);
    expect(seen(broken)).toEqual(seen(await generateWithoutIndex(cwd)));
  });

  it("ignores an index that does not read, and writes it again", async () => {
    const cwd = tempProject({ "node_modules/.keep": "", "client-tools/a.json": tool("alpha") });
    writeGenerated(await generate({ cwd }));
    const cacheFolder = path.join(cwd, "node_modules/.cache/gen-client-tools");
    const index = path.join(cacheFolder, readdirSync(cacheFolder).find((n) => n.startsWith("products-"))!);
    const reference = seen(await generate({ cwd }));
    for (const damaged of ["{", JSON.stringify({ format: 1, generator: "other" }), "[]"]) {
      writeFileSync(index, damaged);
      emitted.mockClear();
      const result = await generate({ cwd });
      expect(seen(result)).toEqual(reference);
      expect(emittedArgs()).toEqual(["AlphaArgs"]);
    }
    emitted.mockClear();
    await generate({ cwd });
    expect(emittedArgs()).toEqual([]);
  });

  it("refuses, naming the file and the fix, an index whose spec heads are not the file's", async () => {
    const cwd = tempProject({ "node_modules/.keep": "", "client-tools/a.json": tool("alpha") });
    writeGenerated(await generate({ cwd }));
    const cacheFolder = path.join(cwd, "node_modules/.cache/gen-client-tools");
    const index = path.join(cacheFolder, readdirSync(cacheFolder).find((n) => n.startsWith("products-"))!);
    writeFileSync(
      index,
      readFileSync(index, "utf8").replace('"description":0', '"description":0,"permission":"forged"'),
    );
    // The file's types are emitted again, so its spec's schemas are read, and the file parsed.
    rmSync(path.join(cwd, "src/client-tools.gen/types.ts"));
    await expect(generate({ cwd })).rejects.toThrow(
      "client-tools/a.json: the generator's cache does not match this file: remove node_modules/.cache/gen-client-tools",
    );
  });

  it("keeps each tool's validator exports digest, so that a --validators rerun hashes only the changed tool's", async () => {
    const cwd = tempProject({
      "node_modules/.keep": "",
      "client-tools/a.json": tool("alpha"),
      "client-tools/b.json": [tool("beta"), tool("gamma", { awaited: true })],
    });
    const step = async (validators: boolean): Promise<number> => {
      hashed.mockClear();
      const result = await generate({ cwd, validators });
      expect(result.diagnostics).toEqual([]);
      writeGenerated(result);
      return hashed.mock.calls.length;
    };
    expect(await step(false)).toBe(0);
    // The index had no digests: this run's are kept, though no file changed.
    expect(await step(true)).toBe(3);
    expect(await step(true)).toBe(0);
    writeFileSync(path.join(cwd, "client-tools/a.json"), JSON.stringify(tool("alpha", { description: "Edited." })));
    expect(await step(true)).toBe(1);
    // What the kept digests gave is what a run that hashes every tool gives.
    const rerun = await generate({ cwd, validators: true });
    expect(seen(rerun)).toEqual(seen(await generateWithoutIndex(cwd, { validators: true })));
  });

  it("takes nothing from files prettier formatted, and gives what a run without the store gives", async () => {
    const cwd = tempProject({
      "node_modules/.keep": "",
      "client-tools/a.json": tool("alpha"),
      "client-tools/b.json": tool("beta"),
    });
    writeGenerated(await generate({ cwd }));
    // The project starts formatting its code with prettier, with settings the generated text does not follow.
    writeFileSync(path.join(cwd, ".prettierrc"), JSON.stringify({ useTabs: true, singleQuote: true }));
    const formatted = await generate({ cwd });
    writeGenerated(formatted);
    writeFileSync(path.join(cwd, "client-tools/a.json"), JSON.stringify(tool("alpha", { description: "Edited." })));
    emitted.mockClear();
    const next = await generate({ cwd });
    expect(emittedArgs().sort()).toEqual(["AlphaArgs", "BetaArgs"]);
    const cacheFolder = path.join(cwd, "node_modules/.cache/gen-client-tools");
    for (const name of readdirSync(cacheFolder)) rmSync(path.join(cacheFolder, name));
    expect(seen(next)).toEqual(seen(await generate({ cwd })));
  });
});
