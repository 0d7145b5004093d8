import { describe, expect, it } from "vitest";
import { textDigest } from "../digest.js";
import { parseJson } from "../json/json-parser.js";
import type { JsonDocument } from "../load/read-json-file.js";
import type { SchemaFileRead, SpecSource } from "../load/sources.js";
import { checkSpecs } from "./check-specs.js";

/** A spec file as load hands it on, with the files its references reach: check reads no file. */
function source(displayPath: string, value: unknown, schemaFiles: Record<string, SchemaFileRead> = {}): SpecSource {
  const text = JSON.stringify(value);
  const document: JsonDocument = {
    path: `/project/${displayPath}`,
    displayPath,
    text,
    digest: textDigest(text),
    ...parseJson(text),
  };
  return { document, schemaFiles: new Map(Object.entries(schemaFiles)) };
}

describe("checkSpecs", () => {
  it("bundles the files load read into the schema, and says where each tool came from", () => {
    const spec = {
      name: "show",
      description: "Show.",
      inputSchema: { type: "object", properties: { at: { $ref: "./point.json" } } },
    };
    const { tools, problems } = checkSpecs([
      source("tools/show.json", spec, {
        "/project/tools/point.json": { value: { type: "object", properties: { x: { type: "number" } } } },
      }),
    ]);
    expect(problems).toEqual([]);
    expect(tools.map((tool) => tool.source)).toEqual([
      { file: "tools/show.json", pointer: "", parametersKey: "inputSchema" },
    ]);
    expect(tools[0]!.spec.parameters).toEqual({
      type: "object",
      properties: { at: { $ref: "#/$defs/point.json" } },
      $defs: { "point.json": { type: "object", properties: { x: { type: "number" } } } },
    });
  });

  it("reports every problem at its file and pointer, a reference's at the reference, and warnings apart", () => {
    const bad = {
      name: "bad",
      description: "Bad.",
      parameters: { type: "object", properties: { p: { $ref: "./gone.json" } }, requried: ["p"] },
    };
    const { tools, problems, warnings } = checkSpecs([
      source("tools/a.json", [bad, { name: "ok", description: "Fine." }], {
        "/project/tools/gone.json": { error: "no such file tools/gone.json" },
      }),
      source("tools/b.json", { name: 7 }),
    ]);
    expect(tools.map((tool) => tool.spec.name)).toEqual(["ok"]);
    expect(problems).toEqual([
      {
        file: "tools/a.json",
        pointer: "/0/parameters/properties/p/$ref",
        message: 'cannot resolve $ref "./gone.json": no such file tools/gone.json',
      },
      expect.objectContaining({ file: "tools/b.json", pointer: "/name" }),
      expect.objectContaining({ file: "tools/b.json", pointer: "/description" }),
    ]);
    expect(warnings).toEqual([expect.objectContaining({ file: "tools/a.json", pointer: "/0/parameters/requried" })]);
  });

  it("checks a private input's schema as it checks the others: bundled, against its meta-schema, with warnings", () => {
    const privateInput = {
      schema: { type: "object", properties: { token: { $ref: "./token.json" } }, requried: ["token"] },
      response: { status: "connected" },
    };
    const spec = { name: "connect", description: "Connect.", privateInput };
    const files = { "/project/tools/token.json": { value: { type: "string", minLength: 1 } } };
    const { tools, problems, warnings } = checkSpecs([source("tools/connect.json", spec, files)]);
    expect(problems).toEqual([]);
    expect(tools[0]!.spec.privateInput).toEqual({
      schema: {
        type: "object",
        properties: { token: { $ref: "#/$defs/token.json" } },
        requried: ["token"],
        $defs: { "token.json": { type: "string", minLength: 1 } },
      },
      response: { status: "connected" },
    });
    expect(warnings).toEqual([expect.objectContaining({ pointer: "/privateInput/schema/requried" })]);
    const wrong = {
      ...spec,
      privateInput: { schema: { type: "object", properties: { token: { type: "strng" } } }, response: {} },
    };
    expect(checkSpecs([source("tools/wrong.json", wrong)]).problems).toEqual([
      expect.objectContaining({ file: "tools/wrong.json", pointer: "/privateInput/schema/properties/token/type" }),
    ]);
  });

  it("reports a schema's problems beside a reference that does not resolve, each with the fix it most likely needs", () => {
    const spec = {
      name: "t",
      description: "T.",
      parameters: {
        type: "object",
        properties: { a: { type: "numbr" }, p: { $ref: "#/$defs/Pont" } },
        $defs: { Point: { type: "object" } },
      },
    };
    const { problems } = checkSpecs([source("tools/t.json", spec)]);
    expect(problems).toEqual([
      expect.objectContaining({
        pointer: "/parameters/properties/p/$ref",
        message: expect.stringContaining('did you mean "#/$defs/Point"?') as string,
      }),
      expect.objectContaining({
        pointer: "/parameters/properties/a/type",
        message: expect.stringContaining('did you mean "number"?') as string,
      }),
    ]);
  });
});
