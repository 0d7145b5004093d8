import { describe, expect, it } from "vitest";
import { clipped, MAX_QUOTED_CHARS, quoted } from "./quoted.js";

describe("quoted and clipped", () => {
  it("quote short text whole, and a long one's prefix with its length", () => {
    expect(quoted('a"b')).toBe('"a\\"b"');
    expect(quoted("x".repeat(1_000_000))).toBe(`"${"x".repeat(MAX_QUOTED_CHARS)}"… (1000000 characters)`);
    expect(clipped("/a")).toBe("/a");
    expect(clipped(`/${"k".repeat(2_000)}`)).toHaveLength(MAX_QUOTED_CHARS + 1);
  });
});
