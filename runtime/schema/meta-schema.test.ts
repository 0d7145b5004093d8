import { createRequire } from "node:module";
import type { Ajv as AjvInstance, Options } from "ajv";
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../util/json.js";
import { metaSchemaCases } from "./__fixtures__/meta-schema-cases.js";
import { schemaDialect } from "./dialect.js";
import { metaSchemaProblems, metaSchemaValidator } from "./meta-schema.js";

const require = createRequire(import.meta.url);

describe("metaSchemaProblems", () => {
  it.each(metaSchemaCases.map((c) => [c.name, c] as const))("%s", (_name, { schema, problems }) => {
    expect(metaSchemaProblems(schema, "/parameters")).toEqual(problems);
  });

  it("reports an invalid pattern on every run, not only the first (patterns that compile are remembered, failures not)", () => {
    const schema = { type: "object", properties: { a: { pattern: "^ok$" }, b: { pattern: "(" } } };
    const expected = metaSchemaProblems(schema, "/p");
    expect(expected).toHaveLength(1);
    expect(metaSchemaProblems(schema, "/p")).toEqual(expected);
  });

  it("walks deep schemas and long arrays without a problem, and names the place of one deep inside", () => {
    let schema: Record<string, unknown> = { type: "string", pattern: "(" };
    for (let i = 0; i < 50; i++)
      schema = {
        type: "object",
        properties: { [`p${i}`]: schema },
        required: Array.from({ length: 40 }, (_, j) => `r${j}`),
      };
    const problems = metaSchemaProblems(schema as never, "");
    expect(problems).toHaveLength(1);
    expect(problems[0]!.pointer).toBe(
      `${Array.from({ length: 50 }, (_, i) => `/properties/p${49 - i}`).join("")}/pattern`,
    );
  });

  it("validates as ajv.validateSchema did, with ajv-formats added, error for error", () => {
    type AjvClass = new (options: Options) => AjvInstance;
    const addFormats = require("ajv-formats").default as (ajv: AjvInstance) => void;
    const before = {
      "2020-12": new (require("ajv/dist/2020").default as AjvClass)({
        strict: false,
        allErrors: true,
        validateSchema: false,
      }),
      "draft-07": new (require("ajv").default as AjvClass)({ strict: false, allErrors: true, validateSchema: false }),
    };
    addFormats(before["2020-12"]);
    addFormats(before["draft-07"]);
    // Values the meta-schemas give a `format` (uri, uri-reference, regex), which ajv does not check in a meta-schema.
    const formatted: JsonObject[] = [
      {
        type: "object",
        $id: "::: not a uri",
        $schema: "https://json-schema.org/draft/2020-12/schema",
        $ref: "%%",
        properties: { a: { pattern: "((" } },
        patternProperties: { "[": {} },
      },
      {
        type: "object",
        $id: "::: not a uri",
        $schema: "http://json-schema.org/draft-07/schema#",
        $ref: "%%",
        properties: { a: { pattern: "((" } },
        patternProperties: { "[": {} },
      },
    ];
    for (const schema of [...metaSchemaCases.map((c) => c.schema), ...formatted]) {
      const dialect = schemaDialect(schema);
      if (dialect === undefined) continue;
      const ajv = before[dialect];
      // Without `$schema`, ajv uses its own draft's meta-schema, whichever spelling the schema used.
      const valid = ajv.validateSchema(Object.fromEntries(Object.entries(schema).filter(([key]) => key !== "$schema")));
      const validate = metaSchemaValidator(dialect);
      expect(validate(schema), JSON.stringify(schema)).toBe(valid);
      expect(validate.errors ?? null, JSON.stringify(schema)).toEqual(ajv.errors ?? null);
    }
  });
});
