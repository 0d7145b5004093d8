import { describe, expect, it } from "vitest";
import { createSchemaValidators } from "../server/validation/schema-validators.js";
import type { JsonObject } from "../util/json.js";
import { namesInheritedProperty, withProtoProperties } from "./proto-properties.js";

// Schemas and values as JSON gives them: an object literal's `__proto__` would set the prototype.
const json = (text: string) => JSON.parse(text) as JsonObject;

describe("withProtoProperties", () => {
  it("returns a schema that names no __proto__ as it is", () => {
    const schema = json('{"type":"object","properties":{"a":{"type":"string"}}}');
    expect(withProtoProperties(schema)).toBe(schema);
  });

  it("says each keyword naming __proto__ again in a form ajv reads, beside the original", () => {
    const rewritten = withProtoProperties(
      json(
        '{"properties":{"__proto__":{"type":"string"}},"patternProperties":{"__proto__":{"minLength":2}},"dependentRequired":{"__proto__":["a"]}}',
      ),
    );
    expect(JSON.stringify(rewritten)).toBe(
      '{"properties":{"__proto__":{"type":"string"}},"patternProperties":{"__proto__":{"minLength":2},"^__proto__$":{"type":"string"},"(?:__proto__)":{"minLength":2}},"dependentRequired":{"__proto__":["a"]},"allOf":[{"if":{"required":["__proto__"]},"then":{"required":["a"]}}]}',
    );
  });
});

describe("namesInheritedProperty", () => {
  it("finds a property every object inherits, named in properties, required or a dependency keyword, at any depth", () => {
    expect(
      namesInheritedProperty(json('{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}')),
    ).toBe(false);
    expect(namesInheritedProperty(json('{"items":{"required":["toString"]}}'))).toBe(true);
    expect(namesInheritedProperty(json('{"properties":{"x":{"properties":{"constructor":{}}}}}'))).toBe(true);
    expect(namesInheritedProperty(json('{"dependentRequired":{"valueOf":["a"]}}'))).toBe(true);
    expect(namesInheritedProperty(json('{"properties":{"__proto__":{}}}'))).toBe(true);
  });
});

describe("a property named __proto__, checked by the runtime's validators", () => {
  const cases: [string, string, string, readonly unknown[] | undefined | "some"][] = [
    [
      "declared a string, given an object",
      '{"type":"object","properties":{"__proto__":{"type":"string"}}}',
      '{"__proto__":{"a":1}}',
      [{ pointer: "/__proto__", message: "must be string" }],
    ],
    [
      "declared a string, given one",
      '{"type":"object","properties":{"__proto__":{"type":"string"}},"additionalProperties":false}',
      '{"__proto__":"s"}',
      undefined,
    ],
    [
      "required and absent",
      '{"type":"object","required":["__proto__"]}',
      "{}",
      [{ pointer: "/__proto__", message: "must have required property '__proto__'" }],
    ],
    [
      "constructor required and absent",
      '{"type":"object","required":["constructor"]}',
      "{}",
      [{ pointer: "/constructor", message: "must have required property 'constructor'" }],
    ],
    [
      "a dependent schema",
      '{"type":"object","dependentSchemas":{"__proto__":{"required":["b"]}}}',
      '{"__proto__":1}',
      "some",
    ],
  ];
  for (const [what, schema, value, problems] of cases) {
    it(what, async () => {
      const validators = createSchemaValidators();
      const found = await validators.validate(json(schema), undefined, "c", JSON.parse(value));
      if (problems === "some")
        expect(found).toContainEqual({ pointer: "/b", message: "must have required property 'b'" });
      else expect(found).toEqual(problems);
      validators.clear();
    });
  }
});
