import { resolveLocal } from "../schema/ref-tokens.js";
import { own } from "../schema/subschemas.js";
import { isJsonObject } from "../util/guards.js";
import type { JsonObject, JsonValue } from "../util/json.js";

/** Past this many schemas for one place the answer is yes: the value then shows once final, which is never wrong. */
const MAX_SCHEMAS = 64;
const MAX_REF_CHAIN = 32;
const BRANCH_KEYWORDS = ["allOf", "anyOf", "oneOf"] as const;
const CONDITIONAL_KEYWORDS = ["then", "else"] as const;

/**
 * Whether the schema may restrict the value at this place in the arguments (reference tokens, as
 * a JSON pointer splits) to listed values (`enum` or `const`) in any of its branches: the prefix
 * of such a value is not one of them, so it must not show before it is whole.
 */
export function mayListValuesAt(parameters: JsonValue, tokens: readonly string[]): boolean {
  if (!isJsonObject(parameters)) return false;
  let here = withBranches([parameters], parameters);
  for (const token of tokens) {
    const next: JsonObject[] = [];
    for (const schema of here) next.push(...childSchemas(schema, token));
    here = withBranches(next, parameters);
    if (here.length > MAX_SCHEMAS) return true;
  }
  return here.some((schema) => own(schema, "enum") !== undefined || own(schema, "const") !== undefined);
}

/**
 * These schemas and every schema that applies to the same value through `$ref`, `allOf`, `anyOf`, `oneOf`, `then` and
 * `else`.
 */
function withBranches(schemas: readonly JsonObject[], root: JsonObject): JsonObject[] {
  const seen = new Set<JsonObject>();
  const queue: [JsonObject, number][] = schemas.map((schema) => [schema, 0]);
  while (queue.length > 0 && seen.size <= MAX_SCHEMAS) {
    const [schema, refChain] = queue.shift()!;
    if (seen.has(schema)) continue;
    seen.add(schema);
    const ref = own(schema, "$ref");
    if (typeof ref === "string" && refChain < MAX_REF_CHAIN) {
      const target = resolveLocal(root, ref);
      if (isJsonObject(target)) queue.push([target, refChain + 1]);
    }
    for (const keyword of BRANCH_KEYWORDS) {
      const branches = own(schema, keyword);
      if (Array.isArray(branches))
        for (const branch of branches as readonly JsonValue[]) if (isJsonObject(branch)) queue.push([branch, 0]);
    }
    for (const keyword of CONDITIONAL_KEYWORDS) {
      const branch = own(schema, keyword);
      if (isJsonObject(branch)) queue.push([branch, 0]);
    }
  }
  return [...seen];
}

/**
 * The schemas that apply to the member `token` of a value this schema describes (an object's property, an array's
 * item).
 */
function childSchemas(schema: JsonObject, token: string): JsonObject[] {
  const found: JsonValue[] = [];
  const properties = own(schema, "properties");
  const named = isJsonObject(properties) ? own(properties, token) : undefined;
  if (named !== undefined) found.push(named);
  const patterns = own(schema, "patternProperties");
  // Any pattern may match: taking every one can only make a value wait until it is whole.
  if (isJsonObject(patterns)) found.push(...Object.values(patterns));
  if (named === undefined) {
    const additional = own(schema, "additionalProperties");
    if (additional !== undefined) found.push(additional);
  }
  if (/^(?:0|[1-9]\d*)$/.test(token)) {
    const index = Number(token);
    const prefixItems = own(schema, "prefixItems");
    const items = own(schema, "items");
    if (Array.isArray(prefixItems) && index < prefixItems.length) found.push(prefixItems[index]!);
    else if (Array.isArray(items))
      found.push(index < items.length ? items[index]! : (own(schema, "additionalItems") ?? true));
    else if (items !== undefined) found.push(items);
  }
  return found.filter(isJsonObject);
}
