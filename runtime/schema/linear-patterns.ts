import { RE2JS } from "re2js";
import type { JsonObject, SpecProblem } from "../util/json.js";
import { childPointer } from "./json-pointer.js";
import { patternCost } from "./pattern-cost.js";
import { walkSchema } from "./walk-schema.js";

/** What ajv needs of a regular expression: `test`. */
export interface PatternMatcher {
  test(text: string): boolean;
  toString(): string;
}

/**
 * ajv's `code.regExp` for schemas a client sent: RE2 semantics, which match in time linear in
 * the text whatever the pattern (no backtracking, so `^(a+)+$` cannot stall the server). Throws
 * for a pattern RE2 cannot compile; registration refuses those first (`nonLinearPatterns`).
 * `code` names it in standalone output, which is never made from it.
 */
export const linearRegExp: ((pattern: string) => PatternMatcher) & { readonly code: string } = Object.assign(
  (pattern: string): PatternMatcher => {
    const compiled = RE2JS.compile(pattern);
    // ajv keys its compiled patterns by `toString()`: each must have its own.
    return { test: (text: string) => compiled.test(text), toString: () => `re2:${pattern}` };
  },
  { code: "linearRegExp" },
);

/** What the patterns of one registration may still cost to compile (`patternCost`), shared by its schemas. */
export interface PatternBudget {
  left: number;
  readonly limit: number;
  /** Whether a pattern past it was reported: the first is, once, the ones after it are refused with it. */
  spent?: boolean;
  /** Each pattern compiled so far, and why RE2 refused it if it did: a pattern met again costs nothing. */
  readonly checked: Map<string, string | undefined>;
}

/**
 * Every `pattern` and `patternProperties` key of a schema that the linear-time engine cannot
 * compile (lookaround, backreferences, possessive quantifiers), at its pointer: a spec that a
 * client registers may use only the patterns RE2 accepts. Compiling each is what checks it, so
 * the patterns past the registration's `budget` are refused uncompiled: no registration holds
 * the event loop longer than its budget costs.
 */
export function nonLinearPatterns(schema: JsonObject, pointer: string, budget?: PatternBudget): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const refused = (pattern: string, reason: string, at: () => string) =>
    problems.push({
      pointer: at(),
      message: `pattern ${JSON.stringify(pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern)} cannot be matched in linear time (${reason}): a spec sent at run time may use only RE2's patterns, without lookaround or backreferences`,
    });
  const check = (pattern: string, at: () => string): void => {
    if (budget?.checked.has(pattern)) {
      const reason = budget.checked.get(pattern);
      if (reason !== undefined) refused(pattern, reason, at);
      return;
    }
    if (budget !== undefined) {
      budget.left -= patternCost(pattern);
      if (budget.left < 0) {
        if (budget.spent === true) return;
        budget.spent = true;
        problems.push({
          pointer: at(),
          message:
            `this pattern and those before it would cost more than ${budget.limit} instructions to compile ` +
            `(the registry's limits.maxPatternCost; a counted repetition such as {1000} copies what it repeats): ` +
            `use fewer or smaller counted repetitions, or split the tools over registrations (the patterns after this one are not checked)`,
        });
        return;
      }
    }
    let reason: string | undefined;
    try {
      RE2JS.compile(pattern);
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
      refused(pattern, reason, at);
    }
    budget?.checked.set(pattern, reason);
  };
  walkSchema(schema, pointer, {
    keyword(key, value, kind, at) {
      if (kind === undefined) return;
      if (key === "pattern" && typeof value === "string") check(value, at);
      else if (key === "patternProperties" && typeof value === "object" && value !== null && !Array.isArray(value)) {
        for (const name of Object.keys(value)) check(name, () => childPointer(at(), name));
      }
    },
  });
  return problems;
}
