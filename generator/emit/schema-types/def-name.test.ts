import { describe, expect, it } from "vitest";
import { defTypeName } from "./def-name.js";

describe("defTypeName", () => {
  it.each([
    ["Node", "P_Node"],
    ["node2", "P_node2"],
    ["a_b", "P_a$5Fb"],
    ["a-b", "P_a$2Db"],
    ["a b/c", "P_a$20b$2Fc"],
    ["$x", "P_$24x"],
    ["", "P_"],
    ["caf\u00e9", "P_caf$E9"],
    ["\u4e2d", "P_$u4E2D"],
    ["\u{1f600}", "P_$uD83D$uDE00"],
    ["\ud800", "P_$uD800"],
  ])("names %j as %s", (key, name) => {
    expect(defTypeName("P", key)).toBe(name);
  });

  it("never gives two keys the same name", () => {
    // Pairs that a careless spelling would merge.
    const keys = ["a_b", "a$5Fb", "a-b", "a$2Db", "\u4e2d", "$u4E2D", "N", "\u4e00N", "\u00e9", "$E9", "a5Fb", "_"];
    const names = keys.map((k) => defTypeName("P", k));
    expect(new Set(names).size).toBe(keys.length);
  });

  it("always gives an identifier", () => {
    for (const key of ["", " ", "1", "\u0000", "\u{1f600}", "a.b", "__proto__"]) {
      expect(defTypeName("P", key)).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
    }
  });
});
