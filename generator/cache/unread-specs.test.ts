import { openSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { removeTempProjects, tempProject } from "../../test-support/temp-project.js";
import { generate } from "../generate.js";
import { parseJson } from "../json/json-parser.js";
import { writeGenerated } from "../write-generated.js";
import { generateWithoutIndex, pointAt, seen, tool } from "./__fixtures__/runs.js";

// Records the texts parsed: a spec file the last run found right is parsed only when a spec's schemas are read.
vi.mock("../json/json-parser.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../json/json-parser.js")>();
  return { ...original, parseJson: vi.fn(original.parseJson) };
});
const parsed = vi.mocked(parseJson);
// Records the files opened or read by name: a spec file whose stamp vouches for the text the last run read is not.
vi.mock("node:fs", async (importOriginal) => {
  const original = await importOriginal<typeof import("node:fs")>();
  return { ...original, openSync: vi.fn(original.openSync), readFileSync: vi.fn(original.readFileSync) };
});
const opened = vi.mocked(openSync);
const readByName = vi.mocked(readFileSync);

beforeEach(() => {
  parsed.mockClear();
  opened.mockClear();
  readByName.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  removeTempProjects();
});

describe("a run in a new process, with the products store", () => {
  it("parses only the spec files that changed or reach schema files, and gives what a run without it gives", async () => {
    const cwd = tempProject({
      "node_modules/.keep": "",
      "client-tools/a.json": tool("alpha", { outputSchema: pointAt }),
      "client-tools/schemas/shapes.json": { $defs: { point: { type: "object" } } },
      "client-tools/b.json": [tool("beta"), tool("gamma", { awaited: true, timeoutSeconds: 30 })],
      "client-tools/c.json": tool("delta", {
        privateInput: { schema: { type: "object", properties: { token: { type: "string" } } }, response: { ok: true } },
      }),
      "client-tools/d.json": tool("epsilon", { annotations: { readOnlyHint: true }, outputSchema: { type: "object" } }),
    });
    const folder = path.join(cwd, "client-tools");
    const parsedFiles = (): string[] => {
      const texts = new Map(
        ["a.json", "b.json", "c.json", "d.json", "schemas/shapes.json"].map((name) => [
          readFileSync(path.join(folder, name), "utf8"),
          name,
        ]),
      );
      return parsed.mock.calls.map(([text]) => texts.get(text) ?? "another text").sort();
    };
    const step = async (options: { validators?: boolean } = {}): Promise<string[]> => {
      parsed.mockClear();
      const result = await generate({ cwd, ...options });
      const files = parsedFiles();
      expect(result.diagnostics).toEqual([]);
      expect(seen(result)).toEqual(seen(await generateWithoutIndex(cwd, options)));
      writeGenerated(result);
      return files;
    };
    expect(await step()).toEqual(["a.json", "b.json", "c.json", "d.json", "schemas/shapes.json"]);
    expect(await step()).toEqual(["a.json", "schemas/shapes.json"]);
    writeFileSync(path.join(folder, "d.json"), JSON.stringify(tool("epsilon", { description: "Edited." })));
    expect(await step()).toEqual(["a.json", "d.json", "schemas/shapes.json"]);
    // The validators of the unchanged tools come from their cache: their schemas are not read.
    expect(await step({ validators: true })).toEqual(["a.json", "b.json", "c.json", "d.json", "schemas/shapes.json"]);
    writeFileSync(
      path.join(folder, "b.json"),
      JSON.stringify([tool("beta", { description: "Edited." }), tool("gamma", { awaited: true })]),
    );
    expect(await step({ validators: true })).toEqual(["a.json", "b.json", "schemas/shapes.json"]);
  });

  it("reads no spec file whose stamp vouches for the text the last run found right, until its text is needed", async () => {
    const cwd = tempProject({
      "node_modules/.keep": "",
      "client-tools/a.json": tool("alpha", { outputSchema: pointAt }),
      "client-tools/schemas/shapes.json": { $defs: { point: { type: "object" } } },
      "client-tools/b.json": [tool("beta"), tool("gamma", { awaited: true })],
      "client-tools/c.json": tool("delta"),
    });
    const folder = path.join(cwd, "client-tools");
    /** A run `seconds` from now, when the files' changes are no longer recent enough to leave them unstamped. */
    const step = async (seconds: number): Promise<Awaited<ReturnType<typeof generate>> & { read: string[] }> => {
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + seconds * 1000 });
      opened.mockClear();
      readByName.mockClear();
      const result = await generate({ cwd });
      const read = [...new Set([...opened.mock.calls, ...readByName.mock.calls].map(([file]) => file))]
        .flatMap((file) => (typeof file === "string" ? [path.relative(folder, file)] : []))
        .filter((file) => !file.startsWith(".."))
        .sort();
      // At the same time: that run's index, which the next step reads, stamps what it reads as this one does.
      expect(seen(result)).toEqual(seen(await generateWithoutIndex(cwd)));
      vi.useRealTimers();
      if (result.diagnostics.length === 0) writeGenerated(result);
      return { ...result, read };
    };
    const every = ["a.json", "b.json", "c.json", "schemas/shapes.json"];
    // Written a moment ago: not stamped by the first run, read and stamped by the next one.
    expect((await step(0)).read).toEqual(every);
    expect((await step(5)).read).toEqual(every);
    // The file that reaches a schema file is read, as is that file.
    expect((await step(10)).read).toEqual(["a.json", "schemas/shapes.json"]);
    writeFileSync(path.join(folder, "c.json"), JSON.stringify(tool("delta", { description: "Edited." })));
    expect((await step(15)).read).toEqual(["a.json", "c.json", "schemas/shapes.json"]);
    expect((await step(20)).read).toEqual(["a.json", "schemas/shapes.json"]);
    // A name clash with a file left unread: its text is read to place the problem, which names both places.
    writeFileSync(path.join(folder, "c.json"), JSON.stringify(tool("beta")));
    const clash = await step(25);
    expect(clash.read).toEqual(["a.json", "b.json", "c.json", "schemas/shapes.json"]);
    expect(clash.diagnostics).toEqual([
      expect.objectContaining({
        file: "client-tools/c.json",
        message: expect.stringContaining("also defined at client-tools/b.json:3:5"),
      }),
    ]);
  });
});
