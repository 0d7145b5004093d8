import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../util/json.js";
import { clientToolStandardSchema } from "./tool-schema.js";

const parameters = Object.freeze({
  type: "object",
  properties: Object.freeze({
    prompt: Object.freeze({ type: "string", maxLength: 5 }),
    list: Object.freeze({ type: "array", items: Object.freeze({ type: "integer" }) }),
  }),
  required: Object.freeze(["prompt"]),
  additionalProperties: false,
}) as JsonObject;
const validate = new Ajv2020({ allErrors: true }).compile(parameters);
const schema = clientToolStandardSchema<{ prompt: string }>(parameters, validate);

describe("clientToolStandardSchema", () => {
  it("is a Standard Schema V1 of this vendor whose validate runs the validator", () => {
    expect(schema["~standard"]).toMatchObject({ version: 1, vendor: "gen-client-tools" });
    expect(schema["~standard"].validate({ prompt: "hi" })).toEqual({ value: { prompt: "hi" } });
    expect(schema["~standard"].validate({ prompt: "too long", list: [1, "x"] })).toEqual({
      issues: [
        { message: "must NOT have more than 5 characters", path: ["prompt"] },
        { message: "must be integer", path: ["list", "1"] },
      ],
    });
    expect(schema["~standard"].validate(null)).toEqual({ issues: [{ message: "must be object", path: [] }] });
  });

  it("gives a fresh, unfrozen copy of the schema as written for its own draft, on every call", () => {
    const first = schema["~standard"].jsonSchema.input({ target: "draft-2020-12" });
    expect(first).toEqual(parameters);
    expect(Object.isFrozen(first)).toBe(false);
    // What CopilotKit does to a tool's schema.
    delete first["additionalProperties"];
    expect(schema["~standard"].jsonSchema.output({ target: "draft-2020-12" })).toHaveProperty(
      "additionalProperties",
      false,
    );
  });

  it("converts to draft-07 where the conversion is exact, and refuses other targets", () => {
    // As written, byte for byte: the conversion adds no $schema that the spec did not have (CopilotKit asks for
    // draft-07).
    expect(JSON.stringify(schema["~standard"].jsonSchema.input({ target: "draft-07" }))).toBe(
      JSON.stringify(parameters),
    );
    expect(() => schema["~standard"].jsonSchema.input({ target: "openapi-3.0" })).toThrow(
      /draft-07 and draft-2020-12, not "openapi-3\.0"/,
    );
    const open = clientToolStandardSchema({ type: "object", unevaluatedProperties: false }, () => true);
    expect(() => open["~standard"].jsonSchema.input({ target: "draft-07" })).toThrow(
      /"unevaluatedProperties" at \/unevaluatedProperties has no draft-07 form/,
    );
  });
});
