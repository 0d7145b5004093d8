import { describe, expect, it } from "vitest";
import type { JsonObject } from "../util/json.js";
import { refCycleProblems } from "./ref-cycles.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

describe("refCycleProblems", () => {
  it.each<[string, JsonObject]>([
    [
      "a tree through items",
      {
        type: "object",
        properties: { n: { $ref: "#/$defs/n" } },
        $defs: { n: { type: "array", items: { $ref: "#/$defs/n" } } },
      },
    ],
    [
      "mutual recursion through properties",
      {
        type: "object",
        properties: { a: { $ref: "#/$defs/a" } },
        $defs: { a: { allOf: [{ properties: { b: { $ref: "#/$defs/b" } } }] }, b: { anyOf: [{ $ref: "#/$defs/a" }] } },
      },
    ],
    ["the root through a property", { type: "object", properties: { self: { $ref: "#" } } }],
    [
      "draft-07 tuples and definitions",
      {
        $schema: DRAFT_07,
        type: "object",
        properties: { t: { $ref: "#/definitions/t" } },
        definitions: { t: { items: [{ $ref: "#/definitions/t" }] } },
      },
    ],
    [
      "a property named like an in-place keyword",
      { type: "object", properties: { not: { $ref: "#/properties/not/properties/x" }, x: true }, $defs: {} },
    ],
    [
      "a $ref-like string in data",
      { type: "object", properties: { a: { $ref: "#/$defs/a" } }, $defs: { a: { const: { $ref: "#/$defs/a" } } } },
    ],
  ])("accepts %s", (_, schema) => {
    expect(refCycleProblems(schema, "/parameters")).toEqual([]);
  });

  it.each<[string, JsonObject, string, string]>([
    [
      "a $ref to itself",
      { type: "object", $defs: { a: { $ref: "#/$defs/a" } } },
      "/$defs/a/$ref",
      "#/$defs/a -> #/$defs/a",
    ],
    [
      "a cycle through allOf",
      { type: "object", $defs: { a: { allOf: [{ $ref: "#/$defs/b" }] }, b: { allOf: [{ $ref: "#/$defs/a" }] } } },
      "/$defs/a/allOf/0/$ref",
      "#/$defs/b -> #/$defs/a -> #/$defs/b",
    ],
    ["the root through allOf", { type: "object", allOf: [{ $ref: "#" }] }, "/allOf/0/$ref", "# -> #"],
    [
      "a cycle through anyOf beside a way out",
      { type: "object", $defs: { a: { anyOf: [{ type: "string" }, { $ref: "#/$defs/a" }] } } },
      "/$defs/a/anyOf/1/$ref",
      "#/$defs/a -> #/$defs/a",
    ],
    [
      "a cycle through not and if/then",
      { type: "object", $defs: { a: { not: { if: true, then: { $ref: "#/$defs/b" } } }, b: { $ref: "#/$defs/a" } } },
      "/$defs/a/not/then/$ref",
      "#/$defs/b -> #/$defs/a -> #/$defs/b",
    ],
  ])("refuses %s, at the $ref that closes it", (_, schema, at, path) => {
    const problems = refCycleProblems(schema, "/parameters");
    expect(problems).toHaveLength(1);
    expect(problems[0]!.pointer).toBe(`/parameters${at}`);
    expect(problems[0]!.message).toContain(`$ref cycle ${path} never steps into the value`);
  });

  it("follows a chain of 10,000 refs without overflowing the stack", () => {
    const n = 10_000;
    const $defs = Object.fromEntries(
      Array.from({ length: n }, (_, i) => [`d${i}`, { allOf: [{ $ref: `#/$defs/d${(i + 1) % n}` }] }]),
    );
    const problems = refCycleProblems({ type: "object", $defs }, "");
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message.split(" -> ")).toHaveLength(n + 1);
  });
});
