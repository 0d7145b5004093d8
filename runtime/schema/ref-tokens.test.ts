import { describe, expect, it } from "vitest";
import type { JsonObject } from "../util/json.js";
import { valueAt } from "./json-walk.js";
import { refTokens } from "./ref-tokens.js";
import { own } from "./subschemas.js";

describe("refTokens", () => {
  it.each([
    ["#", []],
    ["#/$defs/a", ["$defs", "a"]],
    ["#/$defs/a~1b~0c", ["$defs", "a/b~c"]],
    ["#/$defs/a%20b", ["$defs", "a b"]],
    ["#/$defs/100%", ["$defs", "100%"]],
    ["#/", [""]],
    ["#/items/0", ["items", "0"]],
  ])("reads %s", (ref, tokens) => {
    expect(refTokens(ref)).toEqual(tokens);
  });

  it.each(["#anchor", "other.json#/a", "/abs"])("rejects %s, which is no local JSON pointer", (ref) => {
    expect(refTokens(ref)).toBeUndefined();
  });
});

describe("valueAt", () => {
  const root: JsonObject = { $defs: { a: { b: [10, 20] }, "": 1 } };

  it("walks objects and arrays", () => {
    expect(valueAt(root, ["$defs", "a", "b", "1"])).toBe(20);
    expect(valueAt(root, ["$defs", ""])).toBe(1);
    expect(valueAt(root, [])).toBe(root);
  });

  it.each([
    [["$defs", "zz"]],
    [["$defs", "a", "b", "01"]],
    [["$defs", "a", "b", "2"]],
    [["$defs", "toString"]],
    [["$defs", "a", "b", "length"]],
  ])("finds nothing at %j", (tokens) => {
    expect(valueAt(root, tokens)).toBeUndefined();
  });
});

describe("own", () => {
  it("ignores inherited members", () => {
    expect(own({}, "constructor")).toBeUndefined();
    expect(own(JSON.parse('{"__proto__": 1}') as JsonObject, "__proto__")).toBe(1);
  });
});
