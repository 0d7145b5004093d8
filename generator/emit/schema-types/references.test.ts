import type { JsonObject } from "@gen-client-tools/runtime/core";
import { describe, expect, it } from "vitest";
import { emitSchemaTypes } from "./index.js";

const emit = (schema: JsonObject) => emitSchemaTypes(schema, { rootName: "Args", defPrefix: "Args" });

describe("$ref", () => {
  it("declares each referenced definition once, after the root, sorted by name", () => {
    const { code, names } = emit({
      type: "object",
      properties: { z: { $ref: "#/$defs/zeta" }, a: { $ref: "#/$defs/alpha" }, again: { $ref: "#/$defs/zeta" } },
      additionalProperties: false,
      $defs: { zeta: { type: "string" }, alpha: { type: "number" }, unused: { type: "boolean" } },
    });
    expect(names).toEqual(["Args", "Args_alpha", "Args_zeta"]);
    expect(code).toBe(
      "export type Args = {\n  z?: Args_zeta;\n  a?: Args_alpha;\n  again?: Args_zeta;\n};\n\nexport type Args_alpha = number;\n\nexport type Args_zeta = string;\n",
    );
  });

  it("names definitions reached only through other definitions", () => {
    const { names } = emit({
      $ref: "#/definitions/a",
      definitions: { a: { items: { $ref: "#/definitions/b" } }, b: {} },
    });
    expect(names).toEqual(["Args", "Args_a", "Args_b"]);
  });

  it("refers to the root by its name", () => {
    const { code } = emit({ type: "object", properties: { child: { $ref: "#" } }, additionalProperties: false });
    expect(code).toBe("export type Args = {\n  child?: Args;\n};\n");
  });

  it("decodes the pointer before naming", () => {
    const { names } = emit({ $ref: "#/$defs/a~1b%20c", $defs: { "a/b c": {} } });
    expect(names).toEqual(["Args", "Args_a$2Fb$20c"]);
  });

  it("inlines any other pointer", () => {
    const { code, names } = emit({
      type: "object",
      properties: { a: { type: "string" }, b: { $ref: "#/properties/a" } },
      additionalProperties: false,
    });
    expect(names).toEqual(["Args"]);
    expect(code).toContain("b?: string;");
  });

  it("stops an inlined pointer that recurses into itself with unknown", () => {
    const { code } = emit({
      type: "object",
      properties: {
        a: { type: "object", properties: { again: { $ref: "#/properties/a" } }, additionalProperties: false },
      },
      additionalProperties: false,
    });
    expect(code).toBe("export type Args = {\n  a?: {\n    again?: {\n      again?: unknown;\n    };\n  };\n};\n");
  });

  it("names the dialect's own container when $defs and definitions share a key, and inlines the other", () => {
    const schema = {
      type: "object",
      properties: { d: { $ref: "#/$defs/x" }, e: { $ref: "#/definitions/x" } },
      additionalProperties: false,
      $defs: { x: { type: "string" } },
      definitions: { x: { type: "number" } },
    };
    const modern = emit(schema);
    expect(modern.names).toEqual(["Args", "Args_x"]);
    expect(modern.code).toContain("d?: Args_x;\n  e?: number;");
    const draft07 = emit({ ...schema, $schema: "http://json-schema.org/draft-07/schema#" });
    expect(draft07.code).toContain("d?: string;\n  e?: Args_x;");
  });

  it("reads an anchor, which is no pointer, as unknown", () => {
    expect(emit({ $ref: "#here", $defs: { a: { $anchor: "here", type: "string" } } }).code).toBe(
      "export type Args = unknown;\n",
    );
  });

  it("throws on a pointer that does not resolve, which the check stage rules out", () => {
    expect(() => emit({ $ref: "#/$defs/missing" })).toThrow('$ref "#/$defs/missing" does not resolve');
  });

  it("throws when a definition would take the root's name", () => {
    expect(() => emitSchemaTypes({ $ref: "#/$defs/b", $defs: { b: {} } }, { rootName: "A_b", defPrefix: "A" })).toThrow(
      "the definition type A_b has the root type's name",
    );
  });
});
