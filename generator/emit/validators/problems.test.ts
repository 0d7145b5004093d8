import { afterAll, describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../diagnostics.js";
import { generate } from "../../generate.js";
import { removeTempProjects, tempProject } from "./__fixtures__/project.js";

afterAll(removeTempProjects);

const tool = (name: string, extra: object = {}) => ({ name, description: `The ${name} tool.`, ...extra });

async function problems(specs: Record<string, unknown>): Promise<string[]> {
  const result = await generate({ cwd: tempProject(specs), stubs: false, validators: true });
  expect(result.files).toEqual([]);
  return result.diagnostics.map(formatDiagnostic);
}

describe("bad input for --validators: file, place and a fix", () => {
  it("a tool whose module would be the map's index.ts", async () => {
    expect(await problems({ "index.json": tool("index") })).toEqual([
      'client-tools/index.json:2:3 (at /name): tool "index" would write its validators to validators/index.ts, the file of the validators map: rename the tool, or generate without validators',
    ]);
  });

  it("two tools whose modules would differ only in case: names that look alike, refused with or without validators", async () => {
    expect(await problems({ "a.json": tool("getLocation"), "b.json": tool("getlocation") })).toEqual([
      'client-tools/b.json:2:3 (at /name): tool names "getLocation" (client-tools/a.json:2:3) and "getlocation" look alike (names are compared ignoring case, "-" and "_"), and the runtime refuses such a pair: rename one of them',
    ]);
  });

  it("a schema ajv cannot make a synchronous validator of, at that schema (inputSchema as written)", async () => {
    const output = await problems({
      "a.json": tool("lazy", { inputSchema: { type: "object" }, outputSchema: { $async: true, type: "object" } }),
      "b.json": tool("mcp", { inputSchema: { $async: true, type: "object" } }),
    });
    expect(output).toEqual([
      'client-tools/a.json:7:3 (at /outputSchema): cannot generate a validator from this schema: "$async": true makes a validator that returns a promise; remove "$async" from the schema',
      'client-tools/b.json:4:3 (at /inputSchema): cannot generate a validator from this schema: "$async": true makes a validator that returns a promise; remove "$async" from the schema',
    ]);
  });
});

describe("notes", () => {
  it("says which formats the validators do not check", async () => {
    const result = await generate({
      cwd: tempProject({
        "a.json": tool("paint", {
          parameters: { type: "object", properties: { c: { type: "string", format: "color" } } },
        }),
      }),
      stubs: false,
      validators: true,
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.notes).toEqual([
      'client-tools/a.json: validator of tool "paint", parameters: unknown format "color" ignored in schema at path "#/properties/c"',
    ]);
  });
});
