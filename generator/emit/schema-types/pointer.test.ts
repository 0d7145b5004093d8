import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../runtime/tool-spec/types.js";
import { own, pointerTokens, resolveTokens } from "./pointer.js";

describe("pointerTokens", () => {
  it.each([
    ["#", []],
    ["#/$defs/a", ["$defs", "a"]],
    ["#/$defs/a~1b~0c", ["$defs", "a/b~c"]],
    ["#/$defs/a%20b", ["$defs", "a b"]],
    ["#/$defs/100%", ["$defs", "100%"]],
    ["#/", [""]],
    ["#/items/0", ["items", "0"]],
  ])("reads %s", (ref, tokens) => {
    expect(pointerTokens(ref)).toEqual(tokens);
  });

  it.each(["#anchor", "other.json#/a", "/abs"])("rejects %s, which is no local JSON pointer", (ref) => {
    expect(pointerTokens(ref)).toBeUndefined();
  });
});

describe("resolveTokens", () => {
  const root: JsonObject = { $defs: { a: { b: [10, 20] }, "": 1 } };

  it("walks objects and arrays", () => {
    expect(resolveTokens(root, ["$defs", "a", "b", "1"])).toBe(20);
    expect(resolveTokens(root, ["$defs", ""])).toBe(1);
    expect(resolveTokens(root, [])).toBe(root);
  });

  it.each([[["$defs", "zz"]], [["$defs", "a", "b", "01"]], [["$defs", "a", "b", "2"]], [["$defs", "toString"]], [["$defs", "a", "b", "length"]]])(
    "finds nothing at %j",
    (tokens) => {
      expect(resolveTokens(root, tokens)).toBeUndefined();
    },
  );
});

describe("own", () => {
  it("ignores inherited members", () => {
    expect(own({}, "constructor")).toBeUndefined();
    expect(own(JSON.parse('{"__proto__": 1}') as JsonObject, "__proto__")).toBe(1);
  });
});
