// Where in the whole schema a refusing keyword stands: ajv reports a keyword inside a `$ref`'s target by its path in
// that target, so the path is read against each target the value's path passes through, the deepest first.
import type { JsonSchema, JsonValue } from "../../util/json.js";
import { pointerTokens } from "../json-pointer.js";
import { conjunctionOf, itemConstraints, propertyConstraints } from "./conjunction.js";
import type { Located, SchemaSide } from "./schema-side.js";

/**
 * The pointer in the side's root of a keyword that ajv reports at `relative` (a path from the root or from a `$ref`'s
 * target) for the value at `instancePath` in `value`.
 */
export function keywordLocation(side: SchemaSide, relative: string, value: JsonValue, instancePath: string): string {
  const bases = new Set<string>([""]);
  let located: readonly Located[] = [{ schema: side.root, pointer: "" }];
  let current: JsonValue | undefined = value;
  const tokens = pointerTokens(instancePath);
  for (let depth = 0; ; depth++) {
    const conjunction = conjunctionOf(located, side);
    for (const part of conjunction.parts) bases.add(part.pointer);
    const token = tokens[depth];
    if (token === undefined || typeof current !== "object" || current === null) break;
    if (Array.isArray(current)) {
      located = itemConstraints(conjunction, side, Number(token));
      current = current[Number(token)];
    } else {
      const constraints = propertyConstraints(conjunction, token, "subset");
      if (constraints === "pattern") break;
      located = constraints;
      current = Object.hasOwn(current, token) ? (current as Record<string, JsonValue>)[token] : undefined;
    }
  }
  const found = [...bases].reverse().find((base) => exists(side.root, `${base}${relative}`));
  return found === undefined ? relative : `${found}${relative}`;
}

function exists(root: JsonSchema, pointer: string): boolean {
  let current: JsonValue = root;
  for (const token of pointerTokens(pointer)) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, token)) return false;
    current = Array.isArray(current) ? current[Number(token)]! : (current as Record<string, JsonValue>)[token]!;
  }
  return true;
}
