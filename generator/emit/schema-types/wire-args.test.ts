import type { JsonObject } from "@gen-client-tools/runtime/core";
import { describe, expect, it } from "vitest";
import { typecheck } from "../../../test-support/typecheck.js";
import { emitSchemaTypes } from "./index.js";

const options = { rootName: "Args", defPrefix: "Args" };

/**
 * Compiles the emitted types plus a wire action type `W` built as types-file.ts builds ClientAction_<id>, then
 * `checks`.
 */
function check(schema: JsonObject, checks: string): string[] {
  const { code, wireArgsType } = emitSchemaTypes(schema, options);
  return typecheck({
    "/gen/types.ts": `${code}export type W = { kind: "ClientAction_t" } & ${wireArgsType};\n${checks}`,
  });
}

describe("wireArgsType", () => {
  it("is the root name when no root property is called kind", () => {
    expect(emitSchemaTypes({ type: "object", properties: { kinds: {} } }, options).wireArgsType).toBe("Args");
  });

  it("renames kind to mcp_arg_kind, keeping its type, optionality and the other properties", () => {
    const schema = {
      type: "object",
      properties: { kind: { enum: ["a", "b"] }, path: { type: "string" } },
      required: ["path"],
    };
    // A plain object type, as an editor shows it on hover.
    expect(emitSchemaTypes(schema, options).wireArgsType).toBe(
      '{\n  mcp_arg_kind?: "a" | "b";\n  path: string;\n  [key: string]: unknown;\n}',
    );
    const checks = [
      'export const a: W = { kind: "ClientAction_t", mcp_arg_kind: "a", path: "p" };',
      'export const b: W = { kind: "ClientAction_t", path: "p" };',
      "// @ts-expect-error mcp_arg_kind keeps the enum",
      'export const c: W = { kind: "ClientAction_t", mcp_arg_kind: "z", path: "p" };',
      "// @ts-expect-error path stays required",
      'export const d: W = { kind: "ClientAction_t" };',
      'export const e: W = { kind: "ClientAction_t", path: "p", extra: 1 };',
      "",
    ].join("\n");
    expect(check(schema, checks)).toEqual([]);
  });

  it("spells out a plain object root whose nested values refer back to the root, which keeps its own kind", () => {
    const schema = { type: "object", properties: { kind: { type: "string" }, child: { $ref: "#" } } };
    expect(emitSchemaTypes(schema, options).wireArgsType).toBe(
      "{\n  mcp_arg_kind?: string;\n  child?: Args;\n  [key: string]: unknown;\n}",
    );
    const checks = [
      'export const a: W = { kind: "ClientAction_t", mcp_arg_kind: "x", child: { kind: "y" } };',
      "",
    ].join("\n");
    expect(check(schema, checks)).toEqual([]);
  });

  it("keeps a closed root closed and a required kind required", () => {
    const schema = {
      type: "object",
      properties: { kind: { type: "integer" } },
      required: ["kind"],
      additionalProperties: false,
    };
    const checks = [
      'export const a: W = { kind: "ClientAction_t", mcp_arg_kind: 1 };',
      "// @ts-expect-error mcp_arg_kind is required",
      'export const b: W = { kind: "ClientAction_t" };',
      "// @ts-expect-error closed",
      'export const c: W = { kind: "ClientAction_t", mcp_arg_kind: 1, extra: 1 };',
      "",
    ].join("\n");
    expect(check(schema, checks)).toEqual([]);
  });

  it("distributes over a union root and reaches kind through $ref and allOf", () => {
    const schema = {
      type: "object",
      oneOf: [
        {
          properties: { kind: { const: "circle" }, r: { type: "number" } },
          required: ["kind", "r"],
          additionalProperties: false,
        },
        { allOf: [{ $ref: "#/$defs/square" }] },
      ],
      $defs: {
        square: {
          type: "object",
          properties: { kind: { const: "square" }, side: { type: "number" } },
          required: ["kind", "side"],
        },
      },
    };
    const checks = [
      'export const a: W = { kind: "ClientAction_t", mcp_arg_kind: "circle", r: 1 };',
      'export const b: W = { kind: "ClientAction_t", mcp_arg_kind: "square", side: 1 };',
      "// @ts-expect-error r belongs to circle",
      'export const c: W = { kind: "ClientAction_t", mcp_arg_kind: "circle", side: 1 };',
      "",
    ].join("\n");
    expect(check(schema, checks)).toEqual([]);
  });

  it("widens a narrower index signature so that the kind discriminator fits", () => {
    const schema = {
      type: "object",
      properties: { a: { type: "number" } },
      patternProperties: { "^x-": { type: "boolean" } },
      additionalProperties: { type: "number" },
    };
    const checks = [
      'export const a: W = { kind: "ClientAction_t", a: 1, "x-y": true, other: 2 };',
      "// @ts-expect-error declared properties keep their type",
      'export const b: W = { kind: "ClientAction_t", a: "1" };',
      "",
    ].join("\n");
    expect(check(schema, checks)).toEqual([]);
  });

  it("lets a tool without arguments, closed or open, take its action", () => {
    const checks = 'export const a: W = { kind: "ClientAction_t" };\n';
    expect(check({ type: "object", additionalProperties: false }, checks)).toEqual([]);
    expect(check({ type: "object", properties: {}, additionalProperties: false }, checks)).toEqual([]);
    expect(check({ type: "object", properties: {} }, checks)).toEqual([]);
    expect(check({ type: "object", const: {} }, checks)).toEqual([]);
  });

  it("stays the root name for a closed root with properties, where nothing needs reshaping", () => {
    const schema = { type: "object", properties: { a: { type: "string" } }, additionalProperties: false };
    expect(emitSchemaTypes(schema, options).wireArgsType).toBe("Args");
    expect(check(schema, 'export const a: W = { kind: "ClientAction_t", a: "x" };\n')).toEqual([]);
  });

  it("follows draft-07 in ignoring the siblings of $ref", () => {
    const schema = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      $ref: "#/definitions/base",
      properties: { kind: { type: "string" } },
      definitions: { base: { type: "object" } },
    };
    expect(emitSchemaTypes(schema, options).wireArgsType).toBe("Args");
  });
});
