import { childPointer } from "../spec/json-pointer.js";
import type { SpecProblem } from "../spec/types.js";

/** How deep arguments and answers may nest by default: far beyond any tool's data, far below what overflows a validator's stack. */
export const DEFAULT_MAX_VALUE_DEPTH = 64;

/**
 * Where `value` nests deeper than `maxDepth` objects and arrays, or undefined. Checked before a
 * validator sees the value: ajv recurses once per level of a recursive schema, and a value
 * nested 50,000 deep overflows the stack. The walk is iterative, so it cannot overflow itself.
 */
export function tooDeep(value: unknown, maxDepth: number): SpecProblem | undefined {
  const stack: { value: unknown; depth: number; path: (string | number)[] }[] = [{ value, depth: 0, path: [] }];
  while (stack.length > 0) {
    const { value: node, depth, path } = stack.pop()!;
    if (typeof node !== "object" || node === null) continue;
    if (depth >= maxDepth) {
      return { pointer: path.reduce<string>(childPointer, ""), message: `nests deeper than ${maxDepth} levels of objects and arrays` };
    }
    const entries: [string | number, unknown][] = Array.isArray(node) ? node.map((item, i) => [i, item]) : Object.entries(node);
    for (const [key, child] of entries) if (typeof child === "object" && child !== null) stack.push({ value: child, depth: depth + 1, path: [...path, key] });
  }
  return undefined;
}
