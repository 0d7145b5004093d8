import { describe, expect, it } from "vitest";
import { ALL_KINDS, INTEGER, NUMBER, STRING } from "./kinds.js";
import { literalType, literalUnion } from "./literal.js";

describe("literalType", () => {
  it.each([
    [null, "null"],
    [true, "true"],
    [-1.5, "-1.5"],
    [1e21, "1e+21"],
    ['a"b', '"a\\"b"'],
    [[], "readonly []"],
    [[1, ["x"]], 'readonly [1, readonly ["x"]]'],
    [{}, "{ readonly [key: string]: never }"],
    [{ a: 1, "b c": { d: null } }, '{ readonly a: 1; readonly "b c": { readonly d: null; }; }'],
  ])("writes %j as %s", (value, text) => {
    expect(literalType(value)).toBe(text);
  });
});

describe("literalUnion", () => {
  it("is undefined without const or enum", () => {
    expect(literalUnion({ type: "string" }, ALL_KINDS)).toBeUndefined();
  });

  it("unions the enum values of the allowed kinds", () => {
    expect(literalUnion({ enum: ["a", 1, 1.5, null] }, ALL_KINDS)?.text).toBe('"a" | 1 | 1.5 | null');
    expect(literalUnion({ enum: ["a", 1, 1.5, null] }, INTEGER)?.text).toBe("1");
    expect(literalUnion({ enum: ["a", 1, 1.5, null] }, NUMBER)?.text).toBe("1 | 1.5");
  });

  it("prefers const over enum, and is never when nothing is left", () => {
    expect(literalUnion({ const: "x", enum: ["x", "y"] }, ALL_KINDS)?.text).toBe('"x"');
    expect(literalUnion({ const: 1 }, STRING)?.text).toBe("never");
    expect(literalUnion({ enum: [] }, ALL_KINDS)?.text).toBe("never");
  });
});
