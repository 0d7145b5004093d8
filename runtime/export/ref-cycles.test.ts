import { describe, expect, it } from "vitest";
import { findRecursiveRef } from "./ref-cycles.js";

describe("findRecursiveRef", () => {
  it("finds nothing without refs, or with refs that lead nowhere back", () => {
    expect(findRecursiveRef({ type: "object" })).toBeUndefined();
    const schema = {
      $defs: { a: { $ref: "#/$defs/b" }, b: { type: "string" } },
      properties: { x: { $ref: "#/$defs/a" }, y: { $ref: "#/$defs/a" } },
    };
    expect(findRecursiveRef(schema)).toBeUndefined();
  });

  it("finds a definition that refers to itself", () => {
    const schema = {
      $defs: { node: { properties: { next: { $ref: "#/$defs/node" } } } },
      properties: { head: { $ref: "#/$defs/node" } },
    };
    expect(findRecursiveRef(schema)).toBe("/$defs/node/properties/next/$ref");
  });

  it("finds a loop through two definitions, and one through the root", () => {
    const mutual = {
      definitions: { a: { items: { $ref: "#/definitions/b" } }, b: { anyOf: [{ $ref: "#/definitions/a" }] } },
    };
    expect(findRecursiveRef(mutual)).toBeDefined();
    expect(findRecursiveRef({ properties: { self: { $ref: "#" } } })).toBe("/properties/self/$ref");
  });

  it("decodes percent-escapes in the fragment and ignores anchors, remote and malformed refs", () => {
    const schema = { $defs: { "a b": { properties: { again: { $ref: "#/$defs/a%20b" } } } } };
    expect(findRecursiveRef(schema)).toBe("/$defs/a b/properties/again/$ref");
    expect(
      findRecursiveRef({ properties: { a: { $ref: "#node" }, b: { $ref: "other.json#" }, c: { $ref: "#/%E0%A4%A" } } }),
    ).toBeUndefined();
  });
});
