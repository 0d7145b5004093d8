import type { JsonObject } from "@gen-client-tools/runtime/core";
import { describe, expect, it } from "vitest";
import { emitSchemaTypes } from "./index.js";

const emit = (schema: JsonObject): string => emitSchemaTypes(schema, { rootName: "R", defPrefix: "R" }).code;

describe("object types", () => {
  it("makes declared properties optional unless required, and keeps an open object open", () => {
    const schema = { type: "object", properties: { a: { type: "string" }, b: { type: "number" } }, required: ["a"] };
    expect(emit(schema)).toBe("export type R = {\n  a: string;\n  b?: number;\n  [key: string]: unknown;\n};\n");
  });

  it("closes an object with additionalProperties: false", () => {
    const schema = { type: "object", properties: { a: { type: "string" } }, additionalProperties: false };
    expect(emit(schema)).toBe("export type R = {\n  a?: string;\n};\n");
  });

  it("spells the closed empty object so that it admits no key", () => {
    expect(emit({ type: "object", additionalProperties: false })).toBe("export type R = { [key: string]: never };\n");
  });

  it("types the index signature as additionalProperties joined with every declared property (and undefined beside an optional one)", () => {
    const schema = { type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "number" } };
    expect(emit(schema)).toBe("export type R = {\n  a?: string;\n  [key: string]: number | string | undefined;\n};\n");
  });

  it("adds patternProperties to the index signature, even when additionalProperties is false", () => {
    const schema = {
      type: "object",
      properties: { a: { type: "string" } },
      patternProperties: { "^x-": { type: "boolean" } },
      additionalProperties: false,
    };
    expect(emit(schema)).toBe("export type R = {\n  a?: string;\n  [key: string]: boolean | string | undefined;\n};\n");
  });

  it("requires an undeclared required key, typed by the index signature (unknown when closed)", () => {
    expect(emit({ type: "object", required: ["id"], additionalProperties: { type: "integer" } })).toBe(
      "export type R = {\n  id: number;\n  [key: string]: number;\n};\n",
    );
    expect(emit({ type: "object", required: ["id"], additionalProperties: false })).toBe(
      "export type R = {\n  id: unknown;\n};\n",
    );
  });

  it("reads unevaluatedProperties as additionalProperties only when no other keyword can evaluate properties", () => {
    const own = { type: "object", properties: { a: { type: "string" } }, unevaluatedProperties: false };
    expect(emit(own)).toBe("export type R = {\n  a?: string;\n};\n");
    const withAllOf = { ...own, allOf: [{ properties: { b: { type: "string" } } }] };
    expect(emit(withAllOf)).toContain("[key: string]: unknown;");
    const draft07 = { ...own, $schema: "http://json-schema.org/draft-07/schema#" };
    expect(emit(draft07)).toContain("[key: string]: unknown;");
  });

  it("leaves keywords that cannot narrow a TypeScript object type to the JSDoc", () => {
    const schema = { type: "object", propertyNames: { maxLength: 3 }, minProperties: 1, maxProperties: 2 };
    expect(emit(schema)).toBe(
      "/**\n * @minProperties 1\n * @maxProperties 2\n */\nexport type R = { [key: string]: unknown };\n",
    );
  });

  it("indents nested objects and documents properties", () => {
    const schema = {
      type: "object",
      properties: {
        outer: {
          description: "Outer.",
          type: "object",
          properties: { inner: { type: "string", title: "Inner", description: "Two\nlines." } },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    };
    expect(emit(schema)).toBe(
      [
        "export type R = {",
        "  /** Outer. */",
        "  outer?: {",
        "    /**",
        "     * Inner",
        "     *",
        "     * Two",
        "     * lines.",
        "     */",
        "    inner?: string;",
        "  };",
        "};",
        "",
      ].join("\n"),
    );
  });

  it("writes awkward property names as string literals", () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"a b":{},"":{},"1st":{},"__proto__":{}},"additionalProperties":false}',
    ) as JsonObject;
    expect(emit(schema)).toBe(
      'export type R = {\n  "a b"?: unknown;\n  ""?: unknown;\n  "1st"?: unknown;\n  ["__proto__"]?: unknown;\n};\n',
    );
  });
});
