import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeTempProjects, tempProject } from "../../test-support/temp-project.js";
import { generate } from "../generate.js";
import { writeGenerated } from "../write-generated.js";
import { readPreviousSpecs } from "./previous-specs.js";

afterAll(removeTempProjects);

const tool = (name: string, description: string) => ({
  name,
  description,
  parameters: { type: "object", properties: { id: { type: "string", description: `\`${name}\` \${id}` } } },
});

describe("readPreviousSpecs", () => {
  it("finds each spec of the generated specs.ts by its name, not by a mention of the name in another spec", async () => {
    const cwd = tempProject({
      "package.json": { type: "module" },
      "client-tools/open.json": tool("open_file", 'Opens a file; "close_file" closes it.'),
      "client-tools/close.json": tool("close_file", "Closes the file open_file opened."),
    });
    const result = await generate({ cwd, stubs: false, prettier: false });
    expect(result.diagnostics).toEqual([]);
    writeGenerated(result);
    const previous = readPreviousSpecs(path.join(cwd, "src/client-tools.gen"));
    expect(previous("close_file")).toMatchObject(tool("close_file", "Closes the file open_file opened."));
    expect(previous("open_file")).toMatchObject(tool("open_file", 'Opens a file; "close_file" closes it.'));
    expect(previous("file")).toBeUndefined();
  });

  it("finds nothing where there is no specs.ts, and skips a spec that is not JSON", () => {
    expect(readPreviousSpecs(tempProject({}))("open_file")).toBeUndefined();
    const out = tempProject({
      "specs.ts": 'x(JSON.parse(String.raw`{"name": "open_file",`), JSON.parse(String.raw`{"name": "open_file"}`));',
    });
    expect(readPreviousSpecs(out)("open_file")).toEqual({ name: "open_file" });
  });

  it("takes the text the run has read already instead of reading the file, and finds specs prettier laid out", () => {
    const text =
      'export const a = JSON.parse(\n  String.raw`{"name": "open_file"}`,\n);\nString.raw`{"name": "close_file"}`;';
    const previous = readPreviousSpecs(path.join(tempProject({}), "missing"), () => text);
    expect(previous("open_file")).toEqual({ name: "open_file" });
    // Not the argument of JSON.parse: not a spec.
    expect(previous("close_file")).toBeUndefined();
  });

  it("reads a text of millions of mentions of the name outside any spec once, not once a mention", () => {
    const text = `${'"a",'.repeat(1_000_000)}JSON.parse(String.raw\`{"name": "a"}\`)${'"a",'.repeat(1_000_000)}`;
    expect(readPreviousSpecs("unused", () => text)("a")).toEqual({ name: "a" });
    expect(readPreviousSpecs("unused", () => '"a",'.repeat(1_000_000))("a")).toBeUndefined();
  });
});
