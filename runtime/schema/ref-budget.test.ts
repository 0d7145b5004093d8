import { describe, expect, it } from "vitest";
import type { JsonObject } from "../util/json.js";
import { refBudgetProblems } from "./ref-budget.js";
import { DEFAULT_SPEC_LIMITS } from "./spec-limits.js";

const BUDGET = DEFAULT_SPEC_LIMITS.maxUnfoldedNodes;

/** d_0 .. d_depth, each referring to the next twice: unfolds into 2^depth copies of the last. */
function fanOut(depth: number): JsonObject {
  const defs: Record<string, object> = {};
  for (let i = 0; i < depth; i++)
    defs[`d${i}`] = { anyOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
  defs[`d${depth}`] = { type: "string" };
  return { type: "object", properties: { x: { $ref: "#/$defs/d0" } }, $defs: defs } as JsonObject;
}

describe("refBudgetProblems", () => {
  it("refuses a reference that fans out past the budget, and takes the same shape within it", () => {
    expect(refBudgetProblems(fanOut(20), "/outputSchema", BUDGET)).toEqual([
      {
        pointer: "/outputSchema",
        message: expect.stringMatching(/unfolds through its \$refs into more than 100,000 schema nodes/),
      },
    ]);
    expect(refBudgetProblems(fanOut(10), "/outputSchema", BUDGET)).toEqual([]);
    expect(refBudgetProblems(fanOut(10), "/outputSchema", 1000)).toHaveLength(1);
  });

  it("refuses a recursion that branches, at its second way back, and takes one that does not", () => {
    const branching = { type: "object", properties: { c: { anyOf: [{ $ref: "#" }, { $ref: "#" }] } } } as JsonObject;
    expect(refBudgetProblems(branching, "/parameters", BUDGET)).toEqual([
      {
        pointer: "/parameters/properties/c/anyOf/1/$ref",
        message: expect.stringMatching(
          /second way back into a recursion for the same part of the value \(with \/parameters\/properties\/c\/anyOf\/0\/\$ref\)/,
        ),
      },
    ]);
    const throughDefs = {
      type: "object",
      $defs: {
        node: {
          oneOf: [{ $ref: "#/$defs/node" }, { properties: { n: { $ref: "#/$defs/node" } } }, { $ref: "#/$defs/node" }],
        },
      },
      properties: { root: { $ref: "#/$defs/node" } },
    } as JsonObject;
    expect(refBudgetProblems(throughDefs, "", BUDGET).map((p) => p.pointer)).toEqual(["/$defs/node/oneOf/2/$ref"]);
    // A binary tree: its two references apply to two different children, once each.
    const tree = {
      type: "object",
      $defs: { node: { properties: { l: { $ref: "#/$defs/node" }, r: { $ref: "#/$defs/node" } } } },
      properties: { root: { $ref: "#/$defs/node" } },
    } as JsonObject;
    expect(refBudgetProblems(tree, "", BUDGET)).toEqual([]);
    const linear = { type: "object", properties: { c: { $ref: "#" }, name: { type: "string" } } } as JsonObject;
    expect(refBudgetProblems(linear, "", BUDGET)).toEqual([]);
    const mutual = {
      type: "object",
      $defs: { a: { properties: { b: { $ref: "#/$defs/b" } } }, b: { properties: { a: { $ref: "#/$defs/a" } } } },
      properties: { start: { $ref: "#/$defs/a" } },
    } as JsonObject;
    expect(refBudgetProblems(mutual, "", BUDGET)).toEqual([]);
  });

  it("walks a chain of 20,000 references without overflowing its stack", () => {
    const defs: Record<string, object> = {};
    for (let i = 0; i < 20_000; i++) defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
    defs["d20000"] = { type: "string" };
    expect(
      refBudgetProblems(
        { type: "object", properties: { x: { $ref: "#/$defs/d0" } }, $defs: defs } as JsonObject,
        "",
        BUDGET,
      ),
    ).toEqual([]);
  });
});
