import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json.js";

/** An object with these entries as JSON.parse makes it: `__proto__` an own key, later duplicates winning. */
function parsedObject(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

describe("canonicalJson (RFC 8785)", () => {
  it("matches the RFC's own example, numbers, escapes and literals included", () => {
    const input = JSON.parse(
      String.raw`{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/","literals":[null,true,false]}`,
    ) as unknown;
    expect(canonicalJson(input)).toBe(
      String.raw`{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`,
    );
  });

  it("sorts keys by UTF-16 code units, as the RFC's sorting example does", () => {
    const input = {
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis",
    };
    const sorted: [string, string][] = [
      ["\r", "Carriage Return"],
      ["1", "One"],
      ["\u0080", "Control"],
      ["\u00f6", "Latin Small Letter O With Diaeresis"],
      ["\u20ac", "Euro Sign"],
      ["\ud83d\ude00", "Emoji: Grinning Face"],
      ["\ufb33", "Hebrew Letter Dalet With Dagesh"],
    ];
    expect(canonicalJson(input)).toBe(
      `{${sorted.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(",")}}`,
    );
  });

  it("serializes numbers as ECMAScript does: 1 and 1.0 alike, -0 as 0, exponents at the ES thresholds", () => {
    expect(canonicalJson(JSON.parse("[1, 1.0, 1e0, 10e-1, -0, 0]") as unknown)).toBe("[1,1,1,1,0,0]");
    expect(canonicalJson([1e20, 1e21, 1e-6, 1e-7, 5e-324, 1.7976931348623157e308, 9007199254740992])).toBe(
      "[100000000000000000000,1e+21,0.000001,1e-7,5e-324,1.7976931348623157e+308,9007199254740992]",
    );
  });

  it("ignores key order at every depth and keeps array order", () => {
    const a = { type: "object", properties: { b: { type: "string", enum: ["x", "y"] }, a: { type: "number" } } };
    const b = { properties: { a: { type: "number" }, b: { enum: ["x", "y"], type: "string" } }, type: "object" };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(["x", "y"])).not.toBe(canonicalJson(["y", "x"]));
  });

  it("sorts integer-like keys as strings too, though JavaScript enumerates them first in numeric order", () => {
    expect(canonicalJson({ a: 3, 9: 2, 10: 1 })).toBe('{"10":1,"9":2,"a":3}');
    expect(canonicalJson({ b: [{ 2: "x", 1: "y" }], 1: null })).toBe('{"1":null,"b":[{"1":"y","2":"x"}]}');
    expect(canonicalJson({ x: { 20: 0, 3: 0 }, y: { q: 1, p: 2 } })).toBe('{"x":{"20":0,"3":0},"y":{"p":2,"q":1}}');
  });

  it("sorts an object of many keys as it sorts one of a few (in place up to 16, by sort beyond)", () => {
    for (const count of [2, 3, 15, 16, 17, 40]) {
      const keys = Array.from({ length: count }, (_, i) => `k${String.fromCharCode(0x7a - (i % 26))}${i}`);
      const reversed = Object.fromEntries(keys.map((key, i) => [key, i]).reverse());
      const expected = `{${[...keys]
        .sort()
        .map((key) => `"${key}":${keys.indexOf(key)}`)
        .join(",")}}`;
      expect(canonicalJson(reversed)).toBe(expected);
    }
  });

  it("gives the text a plain sort-and-join gives, for any JSON and any key order", () => {
    const reference = (value: unknown): string => {
      if (Array.isArray(value)) return `[${value.map(reference).join(",")}]`;
      if (typeof value !== "object" || value === null) return JSON.stringify(value);
      const record = value as Record<string, unknown>;
      return `{${Object.keys(record)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${reference(record[key])}`)
        .join(",")}}`;
    };
    const key = fc.oneof(
      fc.string(),
      fc.constantFrom("0", "1", "10", "9", "01", "4294967295", "-1", "__proto__", "a", "B"),
    );
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        fc.string(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        tie("array"),
        tie("object"),
      ),
      array: fc.array(tie("value"), { maxLength: 4 }),
      object: fc.array(fc.tuple(key, tie("value")), { maxLength: 6 }).map(parsedObject),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        expect(canonicalJson(value)).toBe(reference(value));
      }),
      { numRuns: 500 },
    );
  });

  it("keeps a key named __proto__ as an ordinary key", () => {
    const input = JSON.parse('{"b":1,"__proto__":{"x":1}}') as unknown;
    expect(canonicalJson(input)).toBe('{"__proto__":{"x":1},"b":1}');
  });

  it("has no whitespace and escapes only what JSON requires", () => {
    expect(canonicalJson({ a: [1, { b: "\u0001\t é" }], c: null })).toBe('{"a":[1,{"b":"\\u0001\\t é"}],"c":null}');
    expect(canonicalJson(["😀", "\ud800", 'say "hi"', "back\\slash"])).toBe(
      String.raw`["😀","\ud800","say \"hi\"","back\\slash"]`,
    );
  });

  it.each([
    ["NaN", { a: [1, Number.NaN] }, "/a/1"],
    ["Infinity", { a: { b: Number.POSITIVE_INFINITY } }, "/a/b"],
    ["undefined", { a: undefined }, "/a"],
    ["a function", [() => 1], "/0"],
    ["a bigint", { "x/y": 1n }, "/x~1y"],
    ["a class instance", { d: new Date(0) }, "/d"],
  ])("rejects %s and names where it is", (_, value, pointer) => {
    expect(() => canonicalJson(value)).toThrow(new RegExp(`at ${pointer.replace(/[/~]/g, "\\$&")}:`));
  });

  it("rejects a cycle instead of overflowing the stack", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic["self"] = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(TypeError);
  });
});
