import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../util/json.js";
import { nearMiss, schemaWarnings } from "./schema-warnings.js";

const messages = (schema: object) =>
  schemaWarnings(schema as JsonObject, "/parameters").map((w) => `${w.pointer}: ${w.message}`);

describe("schemaWarnings", () => {
  it("names a misspelt keyword with its pointer and the keyword meant", () => {
    expect(
      messages({
        type: "object",
        properties: { message: { type: "string", maxLenght: 3 } },
        requried: ["message"],
        additonalProperties: false,
      }),
    ).toEqual([
      '/parameters/properties/message/maxLenght: unknown keyword "maxLenght": did you mean "maxLength"? (JSON Schema ignores unknown keywords, so this one has no effect)',
      '/parameters/requried: unknown keyword "requried": did you mean "required"? (JSON Schema ignores unknown keywords, so this one has no effect)',
      '/parameters/additonalProperties: unknown keyword "additonalProperties": did you mean "additionalProperties"? (JSON Schema ignores unknown keywords, so this one has no effect)',
    ]);
  });

  it("names a misspelt format", () => {
    expect(
      messages({
        type: "object",
        properties: { at: { type: "string", format: "dattime" }, id: { type: "string", format: "uuid" } },
      }),
    ).toEqual([
      '/parameters/properties/at/format: unknown format "dattime": did you mean "date-time"? (an unknown format checks nothing)',
    ]);
  });

  it("finds them in every place a subschema is: items, arrays of schemas, $defs, draft-07 items arrays and dependencies", () => {
    const found = messages({
      type: "object",
      $defs: { a: { typ: "string", minLenght: 1 } },
      properties: { list: { type: "array", items: { uniqeItems: true } }, pair: { prefixItems: [{ maximun: 3 }] } },
      anyOf: [{ requried: [] }],
    });
    expect(found.map((line) => line.split(":")[0])).toEqual([
      "/parameters/$defs/a/minLenght",
      "/parameters/properties/list/items/uniqeItems",
      "/parameters/properties/pair/prefixItems/0/maximun",
      "/parameters/anyOf/0/requried",
    ]);
    const draft07 = messages({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { t: { items: [{ minimun: 1 }] } },
      dependencies: { a: ["b"], c: { requird: ["d"] } },
    });
    expect(draft07.map((line) => line.split(":")[0])).toEqual([
      "/parameters/properties/t/items/0/minimun",
      "/parameters/dependencies/c/requird",
    ]);
  });

  it("never flags a property name, data, x-* keys, other vocabularies, or anything inside an unknown keyword", () => {
    expect(
      messages({
        type: "object",
        properties: {
          requried: { type: "string" },
          maxLenght: { type: "integer" },
          format: { type: "string", default: { requried: 1 }, examples: [{ typ: 1 }] },
        },
        patternProperties: { "^itmes$": { type: "string" } },
        $defs: { requried: { type: "string" } },
        enum: [{ requried: true }],
        const: { additonalProperties: 1 },
        "x-requried": true,
        example: { requried: 1 },
        nullable: true,
        discriminator: { propertyName: "kind" },
        dependentRequired: { requried: ["maxLenght"] },
        myExtension: { requried: [] },
      }),
    ).toEqual([]);
  });

  it("warns for a required name that a closed object can never hold, suggesting the property meant", () => {
    expect(
      messages({
        type: "object",
        properties: { message: { type: "string" } },
        required: ["mesage", "other"],
        additionalProperties: false,
      }),
    ).toEqual([
      '/parameters/required/0: required property "mesage" can never be present: the object is closed ("additionalProperties": false) and "properties" has no "mesage"; did you mean "message"?',
      '/parameters/required/1: required property "other" can never be present: the object is closed ("additionalProperties": false) and "properties" has no "other"; add it to "properties", or remove it from "required"',
    ]);
    // patternProperties may admit the name; an open object admits every name.
    expect(
      messages({ type: "object", patternProperties: { "^o": {} }, required: ["other"], additionalProperties: false }),
    ).toEqual([]);
    expect(messages({ type: "object", required: ["other"] })).toEqual([]);
  });

  it("has no false positive on the tools of the official MCP servers", () => {
    const fixture = JSON.parse(
      readFileSync(new URL("./__fixtures__/mcp-server-tools.json", import.meta.url), "utf8"),
    ) as {
      servers: { package: string; tools: { name: string; inputSchema: JsonObject; outputSchema?: JsonObject }[] }[];
    };
    const tools = fixture.servers.flatMap((server) =>
      server.tools.map((tool) => ({ ...tool, server: server.package })),
    );
    expect(tools.length).toBeGreaterThan(80);
    const found = tools.flatMap((tool) => [
      ...schemaWarnings(tool.inputSchema, `${tool.server} ${tool.name} /inputSchema`),
      ...(tool.outputSchema ? schemaWarnings(tool.outputSchema, `${tool.server} ${tool.name} /outputSchema`) : []),
    ]);
    expect(found).toEqual([]);
  });
});

describe("nearMiss", () => {
  it("takes case, separators, one edit or one swap of neighbours (two for long words), and nothing short", () => {
    expect(nearMiss("Required", ["required"])).toBe("required");
    expect(nearMiss("additional_properties", ["additionalProperties"])).toBe("additionalProperties");
    expect(nearMiss("tpye", ["type"])).toBe("type");
    expect(nearMiss("minimun", ["minimum", "maximum"])).toBe("minimum");
    expect(nearMiss("additonalPropertes", ["additionalProperties"])).toBe("additionalProperties");
    expect(nearMiss("ref", ["$ref"])).toBeUndefined();
    expect(nearMiss("colour", ["type", "title"])).toBeUndefined();
    expect(nearMiss("required", ["required"])).toBeUndefined();
  });
});
