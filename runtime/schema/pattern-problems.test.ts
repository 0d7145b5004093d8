import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonObject, JsonValue, SpecProblem } from "../util/json.js";
import { childPointer } from "./json-pointer.js";
import { DATA_KEYWORDS, SCHEMA_MAP_KEYWORDS } from "./keywords.js";
import { patternProblems } from "./pattern-problems.js";

/** A plain walk to compare with: pointers built eagerly, no cache, entries of name maps walked as schemas. */
function referencePatternProblems(schema: JsonObject, pointer: string): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const visit = (pattern: string, at: string): void => {
    try {
      new RegExp(pattern, "u");
    } catch (error) {
      problems.push({
        pointer: at,
        message: `invalid regular expression ${JSON.stringify(pattern)}: ${(error as Error).message}; patterns are ECMA-262 regular expressions with the "u" flag`,
      });
    }
  };
  const walk = (value: JsonValue, at: string, names: boolean): void => {
    if (typeof value !== "object" || value === null) return;
    const entries = Array.isArray(value)
      ? (value as readonly JsonValue[]).map((v, i) => [String(i), v] as const)
      : Object.entries(value as JsonObject);
    for (const [key, child] of entries) {
      const childAt = childPointer(at, key);
      if (Array.isArray(value) || names) walk(child, childAt, false);
      else if (key === "pattern" && typeof child === "string") visit(child, childAt);
      else if (key === "patternProperties" && typeof child === "object" && child !== null && !Array.isArray(child)) {
        for (const name of Object.keys(child)) visit(name, childPointer(childAt, name));
        walk(child, childAt, true);
      } else if (!DATA_KEYWORDS.has(key)) walk(child, childAt, SCHEMA_MAP_KEYWORDS.has(key));
    }
  };
  walk(schema, pointer, false);
  return problems;
}

const KEYS = [
  "pattern",
  "patternProperties",
  "items",
  "x-ext",
  "a/b",
  "(",
  "[",
  "^a$",
  ...SCHEMA_MAP_KEYWORDS,
  ...DATA_KEYWORDS,
];

const { object } = fc.letrec<{ value: JsonValue; object: JsonObject }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<JsonValue>("(", "[", "^a+$", "\\-", "a", 1, null, true),
    fc.array(tie("value"), { maxLength: 3 }),
    tie("object"),
  ),
  object: fc.dictionary<JsonValue>(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 4, noNullPrototype: true }),
}));

describe("patternProblems", () => {
  it("reports what a plain eager walk reports, in the same order", () => {
    fc.assert(
      fc.property(object, (schema) => {
        expect(patternProblems(schema, "/parameters")).toEqual(referencePatternProblems(schema, "/parameters"));
      }),
      { seed: 20_260_101, numRuns: 3_000 },
    );
  });
});
