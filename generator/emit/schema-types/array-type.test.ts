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

describe("array types", () => {
  it("types items as a mutable array, parenthesizing a union element", () => {
    expect(root({ type: "array", items: { type: "string" } })).toBe("string[]");
    expect(root({ type: "array", items: { type: ["string", "number"] } })).toBe("(string | number)[]");
    expect(root({ type: "array" })).toBe("unknown[]");
    expect(root({ type: "array", items: { const: [1] } })).toBe("(readonly [1])[]");
  });

  it("makes prefixItems a tuple: minItems elements required, the others optional, the rest open", () => {
    expect(root({ type: "array", prefixItems: [{ type: "string" }, { type: "number" }], minItems: 1 })).toBe(
      "[string, number?, ...unknown[]]",
    );
    expect(root({ type: "array", prefixItems: [{ const: [] }, { enum: ["a", "b"] }] })).toBe(
      '[(readonly [])?, ("a" | "b")?, ...unknown[]]',
    );
  });

  it("takes the tuple's rest from items, and closes it with items: false", () => {
    expect(root({ type: "array", prefixItems: [{ type: "string" }], items: { type: "boolean" } })).toBe(
      "[string?, ...boolean[]]",
    );
    expect(root({ type: "array", prefixItems: [{ type: "string" }], items: false, minItems: 1 })).toBe("[string]");
    expect(root({ type: "array", items: false })).toBe("[]");
  });

  it("cuts the tuple at maxItems", () => {
    expect(root({ type: "array", prefixItems: [{ type: "string" }, { type: "number" }], maxItems: 1 })).toBe(
      "[string?]",
    );
  });

  it("reads an items array with additionalItems as the tuple of draft-07", () => {
    expect(root({ $schema: DRAFT_07, type: "array", items: [{ type: "string" }], additionalItems: false })).toBe(
      "[string?]",
    );
    expect(root({ $schema: DRAFT_07, type: "array", items: [{ type: "string" }] })).toBe("[string?, ...unknown[]]");
    expect(
      root({ $schema: DRAFT_07, type: "array", items: { type: "string" }, prefixItems: [{ type: "number" }] }),
    ).toBe("string[]");
  });

  it("reads unevaluatedItems as the rest only when no other keyword can evaluate items", () => {
    expect(root({ type: "array", prefixItems: [{ type: "string" }], unevaluatedItems: false })).toBe("[string?]");
    expect(
      root({ type: "array", prefixItems: [{ type: "string" }], unevaluatedItems: false, contains: { type: "number" } }),
    ).toBe("[string?, ...unknown[]]");
  });
});
