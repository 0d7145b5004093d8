import { childPointer } from "../schema/json-pointer.js";
import type { JsonObject, JsonValue, SpecProblem } from "../util/json.js";

/**
 * How deeply a tool schema may nest objects and arrays. The generated types nest one type
 * literal per level of a schema, and compilers and validators recurse level by level: when
 * specs.ts held the schemas as `as const` literals, past about 100 levels TypeScript 7 reported
 * "Excessive stack depth" and TypeScript 5 crashed. 64 levels is far beyond any real tool's
 * arguments and keeps every consumer well inside its stack.
 */
export const MAX_SCHEMA_DEPTH = 64;

/**
 * A problem when the schema nests objects and arrays (data keywords included: they are in the
 * literal too) more than MAX_SCHEMA_DEPTH levels deep, at the first value past the limit.
 * Recursion stops there, so it is never deeper than the limit.
 */
export function schemaDepthProblems(schema: JsonObject, pointer: string): SpecProblem[] {
  const path = pathPastLimit(schema, 1);
  if (path === undefined) return [];
  return [
    {
      pointer: path.reduce<string>(childPointer, pointer),
      message:
        `the schema nests objects and arrays more than ${MAX_SCHEMA_DEPTH} levels deep, which TypeScript ` +
        `cannot check in the generated code: move inner schemas into "$defs" and point at them with "$ref"`,
    },
  ];
}

/**
 * The tokens leading to the first value past the limit; built only when there is one, since every schema passes here.
 */
function pathPastLimit(value: JsonValue, depth: number): (string | number)[] | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  if (depth > MAX_SCHEMA_DEPTH) return [];
  if (Array.isArray(value)) {
    const items = value as readonly JsonValue[];
    for (let i = 0; i < items.length; i++) {
      const found = pathPastLimit(items[i]!, depth + 1);
      if (found !== undefined) return [i, ...found];
    }
    return undefined;
  }
  const object = value as JsonObject;
  for (const key of Object.keys(object)) {
    const found = pathPastLimit(object[key]!, depth + 1);
    if (found !== undefined) return [key, ...found];
  }
  return undefined;
}
