import type { JsonObject } from "@gen-client-tools/runtime/core";
import { describe, expect, it } from "vitest";
import { emitSchemaTypes } from "./index.js";

/** The root declaration's type, without its JSDoc and the declarations of definitions after it. */
const root = (schema: JsonObject): string => {
  const [first = ""] = emitSchemaTypes(schema, { rootName: "R", defPrefix: "R" }).code.split("\n\n");
  return first
    .replace(/^\/\*\*[\s\S]*?\*\/\n/, "")
    .replace(/^export type R = /, "")
    .replace(/;\n?$/, "");
};
const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

describe("type", () => {
  it.each([
    ["string", "string"],
    ["number", "number"],
    ["integer", "number"],
    ["boolean", "boolean"],
    ["null", "null"],
  ])("maps %s to %s", (type, ts) => {
    expect(root({ type })).toBe(ts);
  });

  it("unions a type array in a fixed order", () => {
    expect(root({ type: ["null", "string"] })).toBe("string | null");
    expect(root({ type: ["integer", "number"] })).toBe("number");
  });

  it("is unknown when nothing constrains, and never for an empty type array", () => {
    expect(root({})).toBe("unknown");
    expect(root({ minimum: 1, format: "email", pattern: "^a" })).toBe("unknown");
    expect(root({ type: [] })).toBe("never");
  });

  it("allows every kind when type is absent, each refined by its own keywords", () => {
    expect(root({ items: { type: "string" } })).toBe(
      "string | number | boolean | { [key: string]: unknown } | string[] | null",
    );
  });
});

describe("boolean subschemas", () => {
  it("reads true as unknown and false as never", () => {
    expect(root({ type: "object", properties: { t: true, f: false }, additionalProperties: false })).toBe(
      "{\n  t?: unknown;\n  f?: never;\n}",
    );
  });
});

describe("enum and const", () => {
  it("become literal unions, filtered by type", () => {
    expect(root({ enum: ["a", 2, null, true] })).toBe('"a" | 2 | null | true');
    expect(root({ type: "string", enum: ["a", 2] })).toBe('"a"');
    expect(root({ const: { k: [1] } })).toBe("{ readonly k: readonly [1]; }");
  });
});

describe("combinators", () => {
  it("turns anyOf and oneOf into unions and allOf into an intersection", () => {
    expect(root({ anyOf: [{ type: "string" }, { type: "number" }] })).toBe("string | number");
    expect(root({ oneOf: [{ type: "string" }, { type: "null" }] })).toBe("string | null");
    expect(root({ allOf: [{ $ref: "#/$defs/a" }, { $ref: "#/$defs/b" }], $defs: { a: {}, b: {} } })).toBe("R_a & R_b");
  });

  it("parenthesizes a union inside an intersection", () => {
    expect(root({ $defs: { a: {} }, $ref: "#/$defs/a", anyOf: [{ type: "string" }, { type: "number" }] })).toBe(
      "R_a & (string | number)",
    );
  });

  it("reads branches within the kinds the parent allows", () => {
    const schema = {
      type: "object",
      properties: { a: { type: "string" } },
      additionalProperties: false,
      oneOf: [{ required: ["a"] }, { properties: { a: { const: "x" } } }],
    };
    expect(root(schema)).toBe(
      '{\n  a?: string;\n} & ({\n  a: unknown;\n  [key: string]: unknown;\n} | {\n  a?: "x";\n  [key: string]: unknown;\n})',
    );
  });

  it("drops branches of kinds the parent excludes", () => {
    expect(root({ type: "string", anyOf: [{ const: "a" }, { type: "number" }] })).toBe('string & "a"');
    expect(root({ type: "string", allOf: [{ type: "number" }] })).toBe("never");
  });

  it("leaves out what TypeScript cannot express", () => {
    expect(root({ type: "string", not: { const: "a" }, if: { minLength: 1 }, then: { maxLength: 2 } })).toBe("string");
  });
});

describe("$ref siblings", () => {
  const defs = { $defs: { a: { type: "string" } }, definitions: { a: { type: "string" } } };

  it("are intersected with the reference in 2020-12", () => {
    expect(root({ ...defs, $ref: "#/$defs/a", type: "string", enum: ["x"] })).toBe('R_a & "x"');
  });

  it("are ignored in draft-07", () => {
    expect(root({ ...defs, $schema: DRAFT_07, $ref: "#/definitions/a", enum: ["x"] })).toBe("R_a");
  });
});
