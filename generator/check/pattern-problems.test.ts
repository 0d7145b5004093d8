import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { childPointer } from "../../runtime/spec/json-pointer.js";
import { DATA_KEYWORDS } from "../../runtime/spec/json-walk.js";
import type { JsonObject, JsonValue, SpecProblem } from "../../runtime/spec/types.js";
import { patternProblems } from "./pattern-problems.js";

/** The walk as it was before (pointers built eagerly, no cache), to compare with. */
function previousPatternProblems(schema: JsonObject, pointer: string): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const visit = (pattern: string, at: string): void => {
    try {
      new RegExp(pattern, "u");
    } catch (error) {
      problems.push({ pointer: at, message: `invalid regular expression ${JSON.stringify(pattern)}: ${(error as Error).message}; patterns are ECMA-262 regular expressions with the "u" flag` });
    }
  };
  const walk = (value: JsonValue, at: string): void => {
    if (typeof value !== "object" || value === null) return;
    const entries = Array.isArray(value) ? (value as readonly JsonValue[]).map((v, i) => [String(i), v] as const) : Object.entries(value as JsonObject);
    for (const [key, child] of entries) {
      const childAt = childPointer(at, key);
      if (Array.isArray(value)) walk(child, childAt);
      else if (key === "pattern" && typeof child === "string") visit(child, childAt);
      else if (key === "patternProperties" && typeof child === "object" && child !== null && !Array.isArray(child)) {
        for (const name of Object.keys(child)) visit(name, childPointer(childAt, name));
        walk(child, childAt);
      } else if (!DATA_KEYWORDS.has(key)) walk(child, childAt);
    }
  };
  walk(schema, pointer);
  return problems;
}

const NAME_MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"];
const KEYS = ["pattern", "patternProperties", "items", "x-ext", "a/b", "(", "[", "^a$", ...NAME_MAPS, ...DATA_KEYWORDS];

const { object } = fc.letrec<{ value: JsonValue; object: JsonObject }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<JsonValue>("(", "[", "^a+$", "\\-", "a", 1, null, true),
    fc.array(tie("value"), { maxLength: 3 }),
    tie("object"),
  ),
  object: fc.dictionary<JsonValue>(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 4, noNullPrototype: true }),
}));

/** Whether a name map somewhere has an entry named like a data keyword (whose schema was skipped before). */
function hasDataNamedEntry(value: JsonValue): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.some(hasDataNamedEntry);
  return Object.entries(value as JsonObject).some(
    ([key, child]) =>
      (NAME_MAPS.includes(key) && typeof child === "object" && child !== null && !Array.isArray(child) && Object.keys(child).some((name) => DATA_KEYWORDS.has(name))) || hasDataNamedEntry(child),
  );
}

describe("patternProblems", () => {
  it("reports what the walk before reported, in the same order, and more only inside entries named like data keywords", () => {
    fc.assert(
      fc.property(object, (schema) => {
        const before = previousPatternProblems(schema, "/parameters");
        const now = patternProblems(schema, "/parameters");
        if (!hasDataNamedEntry(schema)) expect(now).toEqual(before);
        else expect(now.filter((problem) => before.some((b) => b.pointer === problem.pointer && b.message === problem.message))).toEqual(before);
      }),
      { seed: 20_260_101, numRuns: 3_000 },
    );
  });
});
