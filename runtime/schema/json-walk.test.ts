import { describe, expect, it } from "vitest";
import type { JsonObject } from "../util/json.js";
import { forEachRef, rewriteRefs } from "./json-walk.js";

const SCHEMA: JsonObject = {
  type: "object",
  properties: {
    default: { $ref: "#/$defs/a" },
    enum: { type: "array", items: { $ref: "#/$defs/b" } },
    $ref: { $ref: "#/$defs/c" },
    plain: {
      default: { $ref: "not a reference" },
      enum: [{ $ref: "nor this" }],
      const: { $ref: "nor this" },
      examples: [{ $ref: "nor this" }],
    },
  },
  patternProperties: { "^const": { $ref: "#/$defs/d" } },
  $defs: { examples: { $ref: "#/$defs/e" }, a: {}, b: {}, c: {}, d: {}, e: {} },
  allOf: [{ $ref: "#/$defs/f" }],
};

describe("forEachRef", () => {
  it("visits every reference, in properties and definitions named like data keywords too, and none inside data", () => {
    const seen: [string, string][] = [];
    forEachRef(SCHEMA, "/parameters", (ref, pointer) => seen.push([ref, pointer]));
    expect(seen).toEqual([
      ["#/$defs/a", "/parameters/properties/default/$ref"],
      ["#/$defs/b", "/parameters/properties/enum/items/$ref"],
      ["#/$defs/c", "/parameters/properties/$ref/$ref"],
      ["#/$defs/d", "/parameters/patternProperties/^const/$ref"],
      ["#/$defs/e", "/parameters/$defs/examples/$ref"],
      ["#/$defs/f", "/parameters/allOf/0/$ref"],
    ]);
  });
});

describe("rewriteRefs", () => {
  it("rewrites the same references forEachRef visits, and leaves data alone", () => {
    const rewritten = rewriteRefs(SCHEMA, (ref) => (ref.startsWith("#/") ? `x${ref}` : undefined)) as JsonObject;
    const seen: string[] = [];
    forEachRef(rewritten, "", (ref) => seen.push(ref));
    expect(seen).toEqual(["x#/$defs/a", "x#/$defs/b", "x#/$defs/c", "x#/$defs/d", "x#/$defs/e", "x#/$defs/f"]);
    expect((rewritten["properties"] as JsonObject)["plain"]).toBe((SCHEMA["properties"] as JsonObject)["plain"]);
  });
});
