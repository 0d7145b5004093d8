import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tsString } from "../../generator/emit/escape.js";
import { type GenerateResult, generate } from "../../generator/generate.js";
import { importGenerated } from "../import-generated.js";
import { removeTempProjects, tempProject } from "../temp-project.js";
import { typecheck } from "../typecheck.js";
import { hostileSpecFiles, PAYLOADS, TOOL_NAMES } from "./corpus.js";

/**
 * The hostile corpus through the whole generator: every spec string lands in the output only
 * as an escaped literal or comment, so the output compiles, importing it runs none of it, and
 * the specs come out exactly as they went in.
 */
let cwd: string;
let result: GenerateResult;
/** Generated files and the stubs file, by path relative to the project. */
let files: Record<string, string>;

beforeAll(async () => {
  cwd = tempProject(
    Object.fromEntries(Object.entries(hostileSpecFiles()).map(([name, value]) => [`client-tools/${name}`, value])),
  );
  result = await generate({ cwd, prettier: false });
  // The TypeScript modules: the manifest beside them is only read by --check.
  files = Object.fromEntries(
    result.files
      .filter((file) => file.path.endsWith(".ts"))
      .map((file) => [path.relative(cwd, file.path).split(path.sep).join("/"), file.contents]),
  );
});
afterAll(removeTempProjects);

/** A module that imports the generated index and the user's handlers, as an app would. */
const APP =
  'export * from "./client-tools.gen/index.js";\nexport { clientToolHandlers } from "./client-tool-handlers.js";\n';

describe("hostile spec text through generate()", () => {
  it("generates every tool, the stubs file included", () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.toolCount).toBe(TOOL_NAMES.length);
    expect(result.files.map((file) => path.relative(cwd, file.path).split(path.sep).join("/")).sort()).toEqual([
      "src/client-tool-handlers.ts",
      "src/client-tools.gen/client-inputs.ts",
      "src/client-tools.gen/gen-client-tools.manifest.json",
      "src/client-tools.gen/handlers.ts",
      "src/client-tools.gen/index.ts",
      "src/client-tools.gen/specs.ts",
      "src/client-tools.gen/types.ts",
    ]);
  });

  it("compiles under the strictest settings, and the names come out as written", () => {
    const consumer = [
      'import type { ClientAction_delete, ClientToolMap, ClientToolName } from "./client-tools.gen/index.js";',
      `export const names: readonly ClientToolName[] = [${TOOL_NAMES.map((name) => tsString(name)).join(", ")}];`,
      "// @ts-expect-error a name that is no tool",
      'export const unknown: ClientToolName = "remove";',
      'export const key: keyof ClientToolMap["delete"]["args"] = "__proto__";',
      `export const kind: ClientAction_delete["mcp_arg_kind"] = ${tsString(PAYLOADS[0]!)};`,
      'export const discriminator: ClientAction_delete["kind"] = "ClientAction_delete";',
      "",
    ].join("\n");
    const sources = Object.fromEntries(
      Object.entries({ ...files, "src/app.ts": APP, "src/consumer.ts": consumer }).map(([file, text]) => [
        `/${file}`,
        text,
      ]),
    );
    expect(typecheck(sources)).toEqual([]);
  });

  it("leaves nothing raw that could end a string, a comment or an inline <script>", () => {
    for (const [file, text] of Object.entries(files)) {
      expect(text, file).not.toMatch(/<\/?script|<!--/i);
      expect(text, file).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
      expect(text, file).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    }
  });

  it("imports without running any spec text: no global changed, nothing printed", () => {
    // Dispatches one action per tool to handlers that are own properties of every hostile name.
    const probe = `async (mod) => {
      const handlers = {};
      for (const name of ${JSON.stringify(TOOL_NAMES)}) Object.defineProperty(handlers, name, { value: (args) => [name, args], enumerable: true });
      const dispatched = [];
      for (const spec of mod.clientToolSpecs) dispatched.push(await mod.dispatchClientAction({ kind: "ClientAction_" + spec.name, mcp_arg_kind: "k" }, handlers, undefined));
      return {
        frozen: Object.isFrozen(mod.clientToolSpecs[0].parameters.properties),
        stubs: Object.keys(mod.clientToolHandlers),
        stubsPrototype: Object.getPrototypeOf(mod.clientToolHandlers) === Object.prototype,
        dispatched,
      };
    }`;
    const outcome = importGenerated({ ...files, "src/app.ts": APP }, "src/app.ts", probe);
    expect(outcome.stderr).toBe("");
    expect(outcome.stdout).toBe("");
    expect(outcome.status).toBe(0);
    expect(outcome.changedGlobals).toEqual([]);
    const value = outcome.value as { frozen: boolean; stubs: string[]; stubsPrototype: boolean; dispatched: unknown[] };
    expect(value.frozen).toBe(true);
    expect(value.stubs.sort()).toEqual([...TOOL_NAMES].sort());
    expect(value.stubsPrototype).toBe(true);
    expect(value.dispatched).toEqual([...TOOL_NAMES].sort().map((name) => [name, { kind: "k" }]));
  });

  it("carries every spec field byte-for-byte, as the spec files hold it", () => {
    const outcome = importGenerated(
      files,
      "src/client-tools.gen/specs.ts",
      `(mod) => mod.clientToolSpecs.map(({ fingerprints, ...spec }) => Object.fromEntries(Object.entries(spec).map(([key, value]) => [key, JSON.stringify(value)])))`,
    );
    expect(outcome.status, outcome.stderr).toBe(0);
    const written = Object.keys(hostileSpecFiles()).flatMap((name) => {
      const value = JSON.parse(readFileSync(path.join(cwd, "client-tools", name), "utf8")) as unknown;
      return (
        Array.isArray(value)
          ? value
          : "client_tools" in (value as object)
            ? (value as { client_tools: unknown[] }).client_tools
            : [value]
      ) as Record<string, unknown>[];
    });
    const expected = written
      .map((spec) => Object.fromEntries(Object.entries(spec).map(([key, value]) => [key, JSON.stringify(value)])))
      .sort((a, b) => (JSON.parse(a["name"]!) < JSON.parse(b["name"]!) ? -1 : 1));
    expect(outcome.value).toEqual(expected);
  });
});

describe("names that become one TypeScript name", () => {
  it.each([
    ["set-theme", "set_theme", "ClientAction_set_theme"],
    ["getLocation", "get_location", "GetLocationArgs"],
    ["Tool1", "_1", "Tool1Args"],
  ])("%s and %s: refused, naming both (in name order) and the name they share", async (first, second, shared) => {
    const tool = (name: string) => ({ name, description: "d" });
    const project = tempProject({ "client-tools/tools.json": [tool(first), tool(second)] });
    const { diagnostics, files: written } = await generate({ cwd: project, stubs: false });
    expect(written).toEqual([]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      file: "client-tools/tools.json",
      line: expect.any(Number) as number,
      pointer: expect.stringMatching(/^\/[01]\/name$/) as string,
    });
    expect(diagnostics[0]!.message).toContain(`tool names ${JSON.stringify(first)}`);
    expect(diagnostics[0]!.message).toContain(
      `and ${JSON.stringify(second)} both become the TypeScript name ${shared}: rename one of them`,
    );
  });
});
