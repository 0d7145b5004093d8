import { describe, expect, it } from "vitest";
import type { JsonDocument } from "../load/read-json-file.js";
import type { SchemaFileRead, SpecSource } from "../load/sources.js";
import { checkSpecs } from "./check-specs.js";

/** A spec file as load hands it on, with the files its references reach: check reads no file. */
function source(displayPath: string, value: unknown, schemaFiles: Record<string, SchemaFileRead> = {}): SpecSource {
  const document: JsonDocument = { path: `/project/${displayPath}`, displayPath, text: JSON.stringify(value), value };
  return { document, schemaFiles: new Map(Object.entries(schemaFiles)) };
}

describe("checkSpecs", () => {
  it("bundles the files load read into the schema, and says where each tool came from", () => {
    const spec = { name: "show", description: "Show.", inputSchema: { type: "object", properties: { at: { $ref: "./point.json" } } } };
    const { tools, problems } = checkSpecs([source("tools/show.json", spec, { "/project/tools/point.json": { value: { type: "object", properties: { x: { type: "number" } } } } })]);
    expect(problems).toEqual([]);
    expect(tools.map((tool) => tool.source)).toEqual([{ file: "tools/show.json", pointer: "", parametersKey: "inputSchema" }]);
    expect(tools[0]!.spec.parameters).toEqual({
      type: "object",
      properties: { at: { $ref: "#/$defs/point.json" } },
      $defs: { "point.json": { type: "object", properties: { x: { type: "number" } } } },
    });
  });

  it("reports every problem at its file and pointer, a reference's at the reference, and warnings apart", () => {
    const bad = { name: "bad", description: "Bad.", parameters: { type: "object", properties: { p: { $ref: "./gone.json" } }, requried: ["p"] } };
    const { tools, problems, warnings } = checkSpecs([
      source("tools/a.json", [bad, { name: "ok", description: "Fine." }], { "/project/tools/gone.json": { error: "no such file tools/gone.json" } }),
      source("tools/b.json", { name: 7 }),
    ]);
    expect(tools.map((tool) => tool.spec.name)).toEqual(["ok"]);
    expect(problems).toEqual([
      { file: "tools/a.json", pointer: "/0/parameters/properties/p/$ref", message: 'cannot resolve $ref "./gone.json": no such file tools/gone.json' },
      expect.objectContaining({ file: "tools/b.json", pointer: "/name" }),
      expect.objectContaining({ file: "tools/b.json", pointer: "/description" }),
    ]);
    expect(warnings).toEqual([expect.objectContaining({ file: "tools/a.json", pointer: "/0/parameters/requried" })]);
  });
});
