import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as prettier from "prettier";
import { afterEach, describe, expect, it } from "vitest";
import { removeTempProjects, tempProject } from "../test-support/temp-project.js";
import { generate } from "./generate.js";
import { MANIFEST_FILE, parseManifest } from "./output-format/manifest.js";
import { writeGenerated } from "./write-generated.js";

afterEach(removeTempProjects);
const project = (files: Record<string, unknown>): string => tempProject(files, "gct-gen-");

const tool = (name: string, extra: object = {}): object => ({
  name,
  description: `The ${name} tool.`,
  parameters: { type: "object", properties: { x: { type: "string" } } },
  ...extra,
});

const contents = async (cwd: string): Promise<string[]> => {
  const result = await generate({ cwd, stubs: false });
  expect(result.diagnostics).toEqual([]);
  // The manifest names the input files, which differ; everything generated from them must not.
  return result.files
    .filter((file) => !file.path.endsWith(MANIFEST_FILE))
    .map((file) => `${path.basename(file.path)}\n${file.contents}`);
};

describe("generate", () => {
  it("is deterministic: the same tools give byte-identical output however they are split into files", async () => {
    const one = project({
      "client-tools/all.json": [tool("zeta"), tool("alpha"), tool("mid", { outputSchema: { type: "object" } })],
    });
    const many = project({
      "client-tools/1.json": tool("mid", { outputSchema: { type: "object" } }),
      "client-tools/2.json": { client_tools: [tool("alpha")] },
      "client-tools/0.json": tool("zeta"),
    });
    expect(await contents(many)).toEqual(await contents(one));
  });

  it("writes nothing itself and reports problems as diagnostics", async () => {
    const cwd = project({ "client-tools/a.json": { name: "a" } });
    const result = await generate({ cwd });
    expect(result.files).toEqual([]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ file: "client-tools/a.json", line: 1, pointer: "/description" }),
    ]);
  });

  it("runs the project's prettier config when there is one, so the output (the manifest too) passes prettier --check", async () => {
    const cwd = project({
      "client-tools/a.json": tool("a", {
        parameters: { type: "object", properties: { at: { $ref: "./shared/point.json" } } },
      }),
      "client-tools/shared/point.json": { type: "object" },
      ".prettierrc": JSON.stringify({ singleQuote: true, semi: false, printWidth: 60 }),
    });
    const result = await generate({ cwd });
    const manifest = result.files.find((f) => f.path.endsWith(MANIFEST_FILE))!;
    expect(parseManifest(manifest.contents)?.schemaFiles).toEqual(["../../client-tools/shared/point.json"]);
    expect(result.files.length).toBeGreaterThan(0);
    for (const file of result.files) {
      const options = (await prettier.resolveConfig(file.path)) ?? {};
      expect(await prettier.check(file.contents, { ...options, filepath: file.path }), file.path).toBe(true);
    }
    expect(result.files.find((f) => f.path.endsWith("handlers.ts"))?.contents).toContain("from './types.js'");
  });

  it("says which tools the previous run generated that are gone, from the manifest it left", async () => {
    const cwd = project({ "client-tools/a.json": tool("alpha"), "client-tools/b.json": tool("beta") });
    writeGenerated(await generate({ cwd }));
    const manifestPath = path.join(cwd, "src/client-tools.gen", MANIFEST_FILE);
    expect(parseManifest(readFileSync(manifestPath, "utf8"))?.tools).toEqual(["alpha", "beta"]);
    rmSync(path.join(cwd, "client-tools/b.json"));
    expect((await generate({ cwd })).notes).toEqual([
      'tool "beta" was removed: delete its handler from src/client-tool-handlers.ts (left as it is)',
    ]);
    // A manifest an older generator wrote names no tools: nothing to say, and nothing breaks.
    const { tools: _tools, ...older } = parseManifest(readFileSync(manifestPath, "utf8"))!;
    writeFileSync(manifestPath, JSON.stringify(older));
    expect((await generate({ cwd })).notes).toEqual([]);
  });

  it("emits the default empty object schema for a tool without parameters", async () => {
    const cwd = project({ "client-tools/a.json": { name: "ping", description: "Ping." } });
    const specs = (await generate({ cwd, stubs: false })).files.find((f) => f.path.endsWith("specs.ts"))!.contents;
    expect(specs).toContain(
      '  "name": "ping",\n  "description": "Ping.",\n  "parameters": {\n    "type": "object",\n    "properties": {}\n  },\n',
    );
  });

  it("warns at file:line:col for a misspelt schema keyword, and with failOnWarnings stops the run on it", async () => {
    const cwd = project({
      "client-tools/a.json": tool("notify", {
        parameters: { type: "object", properties: { message: { type: "string" } }, requried: ["message"] },
      }),
    });
    const result = await generate({ cwd, stubs: false, prettier: false });
    expect(result.diagnostics).toEqual([]);
    expect(result.files.length).toBeGreaterThan(0);
    expect(result.warnings).toEqual([
      expect.objectContaining({
        file: "client-tools/a.json",
        line: 11,
        column: 5,
        pointer: "/parameters/requried",
        message: expect.stringContaining('did you mean "required"?'),
      }),
    ]);
    const strict = await generate({ cwd, stubs: false, prettier: false, failOnWarnings: true });
    expect(strict.files).toEqual([]);
    expect(strict.diagnostics).toEqual(result.warnings);
  });

  it("accepts a top-level $schema in a spec file (for editors) and keeps it out of the tool", async () => {
    const cwd = project({
      "client-tools/a.json": {
        $schema: "../node_modules/gen-client-tools/client-tool-spec.schema.json",
        ...tool("ping"),
      },
    });
    const result = await generate({ cwd, stubs: false, prettier: false });
    expect(result.diagnostics).toEqual([]);
    expect(result.files.find((f) => f.path.endsWith("specs.ts"))!.contents).not.toContain(
      "client-tool-spec.schema.json",
    );
  });

  it("refuses a tool with both a kind and an mcp_arg_kind argument, and says what it found for a field of the wrong type", async () => {
    const cwd = project({
      "client-tools/a.json": tool("collide", {
        parameters: { type: "object", properties: { kind: { type: "string" }, mcp_arg_kind: { type: "string" } } },
      }),
      "client-tools/b.json": tool("slow", { outputSchema: { type: "object" }, timeoutSeconds: "60" }),
    });
    const messages = (await generate({ cwd, stubs: false, prettier: false })).diagnostics.map(
      (d) => `${d.file} ${d.pointer}: ${d.message}`,
    );
    expect(messages).toEqual([
      'client-tools/a.json /parameters/properties/mcp_arg_kind: arguments "kind" and "mcp_arg_kind" collide on the wire: the agent server sends an argument "kind" as "mcp_arg_kind"; rename one of them',
      'client-tools/b.json /timeoutSeconds: "timeoutSeconds" must be a positive number of seconds, such as 30, got the string "60"',
    ]);
  });
});
