import type { JsonObject, JsonValue, SpecProblem } from "../util/json.js";
import { childPointer } from "./json-pointer.js";
import { walkSchema } from "./walk-schema.js";

// Patterns known to compile: the same few repeat across a spec folder. Bounded, for long watch runs.
const compiled = new Set<string>();
const COMPILED_MAX = 10_000;

/** Whether `pattern` is an ECMA-262 regular expression with the "u" flag, as validators compile it. */
export function compiles(pattern: string): boolean {
  if (compiled.has(pattern)) return true;
  try {
    new RegExp(pattern, "u");
  } catch {
    return false;
  }
  if (compiled.size >= COMPILED_MAX) compiled.clear();
  compiled.add(pattern);
  return true;
}

/**
 * Every `pattern` and `patternProperties` key that does not compile: validators compile them,
 * so a bad one must fail here, not there. Walks every value except data (`const`, `enum`,
 * `default`, `examples`), so a schema under an unknown keyword that a `$ref` may reach is
 * checked too. `names`: `value` is a keyword's map of names to schemas, not a schema.
 */
export function patternProblems(value: JsonValue, pointer: string, names = false): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const check = (pattern: string, at: () => string): void => {
    if (compiles(pattern)) return;
    let reason = "";
    try {
      new RegExp(pattern, "u");
    } catch (error) {
      reason = (error as Error).message;
    }
    problems.push({
      pointer: at(),
      message:
        `invalid regular expression ${JSON.stringify(pattern)}: ${reason}; ` +
        `patterns are ECMA-262 regular expressions with the "u" flag`,
    });
  };
  const visitor = {
    keyword(keyword: string, child: JsonValue, _kind: unknown, at: () => string) {
      if (keyword === "pattern" && typeof child === "string") check(child, at);
      else if (
        keyword === "patternProperties" &&
        typeof child === "object" &&
        child !== null &&
        !Array.isArray(child)
      ) {
        for (const name of Object.keys(child)) check(name, () => childPointer(at(), name));
      }
    },
  };
  if (names && typeof value === "object" && value !== null && !Array.isArray(value)) {
    for (const [name, entry] of Object.entries(value as JsonObject))
      walkSchema(entry, childPointer(pointer, name), visitor, "walk");
  } else walkSchema(value, pointer, visitor, "walk");
  return problems;
}
