import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { validationMessage } from "./validation-message.js";

// ajv's own errors, read as the model and the page read them.

const reasons = (schema: object, data: unknown): string[] => {
  const validate = new Ajv2020({ allErrors: true }).compile(schema);
  expect(validate(data)).toBe(false);
  return (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${validationMessage(error)}`);
};

describe("a validation message", () => {
  it("names the extra property, which ajv's message does not", () => {
    const schema = { type: "object", properties: { text: { type: "string" } }, additionalProperties: false };
    expect(reasons(schema, { text: "hi", colour: "red" })).toEqual(['/ must NOT have additional properties: "colour"']);
  });

  it("lists an enum's allowed values, at most twenty", () => {
    expect(reasons({ properties: { kind: { enum: ["info", "warning", 3] } } }, { kind: "x" })).toEqual([
      '/kind must be equal to one of the allowed values: "info", "warning", 3',
    ]);
    const many = Array.from({ length: 25 }, (_, i) => i);
    expect(reasons({ enum: many }, "x")[0]).toMatch(/: 0, 1, .*, 19, …$/);
  });

  it("keeps every other message as ajv wrote it", () => {
    expect(reasons({ type: "string", minLength: 2 }, "a")).toEqual(["/ must NOT have fewer than 2 characters"]);
  });
});
