import { MAX_JSON_DEPTH } from "@gen-client-tools/runtime/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJsonQuickly } from "./json-quick.js";

describe("parseJsonQuickly", () => {
  it("reads any JSON without duplicate keys, as JSON.parse does", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        expect(parseJsonQuickly(text)?.value).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it("is not fooled by colons, braces, quotes and backslashes inside strings", () => {
    const text = '{"a:b": "{[:", "q\\"": "\\\\", "\\\\\\"x": ["]}", ":"], "__proto__": {"c": 1}}';
    expect(parseJsonQuickly(text)?.value).toEqual(JSON.parse(text));
    expect(Object.keys(parseJsonQuickly(text)!.value as object)).toContain("__proto__");
  });

  it("reads text with \\u escapes, an escaped colon included", () => {
    const text = '{"a\\u003a": "\\u003a:", "b": ["\\u0041"]}';
    expect(parseJsonQuickly(text)?.value).toEqual({ "a:": "::", b: ["A"] });
  });

  it("skips a byte-order mark", () => {
    expect(parseJsonQuickly('\ufeff{"a": 1}')?.value).toEqual({ a: 1 });
  });

  it.each([
    ["a duplicate key", '{"a": 1, "a": 2}'],
    ["a duplicate key in a nested object", '{"x": [{"k": 1, "b": {"c": 1, "c": 1}}]}'],
    ["a duplicate key beside a key holding a colon", '{"a:": 1, "b": 1, "b": 2}'],
    ["a duplicate key whose dropped value holds colons", '{"b": "x:y:z", "b": "w"}'],
    ["a duplicate key in a text with \\u escapes", '{"a": "\\u0041", "a": 1}'],
    ["a duplicate key hidden by an escaped colon", '{"a": "\\u003a", "b": 1, "b": 2, "c": ":"}'],
    ["a number that overflows to Infinity", '{"a": [1e400]}'],
    ["a negative one", "-1e400"],
    [
      "nesting deeper than the strict parser allows",
      `${"[".repeat(MAX_JSON_DEPTH + 1)}${"]".repeat(MAX_JSON_DEPTH + 1)}`,
    ],
    ["text that is not JSON", '{"a": 1,}'],
    ["an empty file", ""],
  ])("leaves %s to the strict parser", (_what, text) => {
    expect(parseJsonQuickly(text)).toBeUndefined();
  });

  it("reads nesting as deep as the strict parser allows", () => {
    const text = `${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`;
    expect(parseJsonQuickly(text)?.value).toEqual(JSON.parse(text));
  });
});
