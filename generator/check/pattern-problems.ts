import { childPointer } from "../../runtime/spec/json-pointer.js";
import { DATA_KEYWORDS, NAME_MAPS } from "../../runtime/spec/json-walk.js";
import type { JsonObject, JsonValue, SpecProblem } from "../../runtime/spec/types.js";

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
  // The path is spelled out as a pointer only for a problem (as forEachRef does).
  const path: (string | number)[] = [];
  const check = (pattern: string): void => {
    if (compiles(pattern)) return;
    let reason = "";
    try {
      new RegExp(pattern, "u");
    } catch (error) {
      reason = (error as Error).message;
    }
    problems.push({ pointer: path.reduce<string>(childPointer, pointer), message: `invalid regular expression ${JSON.stringify(pattern)}: ${reason}; patterns are ECMA-262 regular expressions with the "u" flag` });
  };
  const walk = (node: JsonValue, names: boolean): void => {
    if (typeof node !== "object" || node === null) return;
    if (Array.isArray(node)) {
      const items = node as readonly JsonValue[];
      for (let i = 0; i < items.length; i++) {
        path.push(i);
        walk(items[i]!, false);
        path.pop();
      }
      return;
    }
    const object = node as JsonObject;
    for (const key in object) {
      const child = object[key]!;
      path.push(key);
      if (key === "pattern" && typeof child === "string") check(child);
      else if (key === "patternProperties" && typeof child === "object" && child !== null && !Array.isArray(child)) {
        for (const name in child as JsonObject) {
          path.push(name);
          check(name);
          path.pop();
        }
        walk(child, true);
      } else if (names || !DATA_KEYWORDS.has(key)) walk(child, !names && NAME_MAPS.has(key));
      path.pop();
    }
  };
  walk(value, names);
  return problems;
}
