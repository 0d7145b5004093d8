import { isJsonObject } from "../../util/guards.js";
import type { JsonObject, JsonSchema, JsonValue } from "../../util/json.js";
import { childPointer } from "../json-pointer.js";
import { linearRegExp } from "../linear-patterns.js";
import { valuesListedIn } from "./enum-lookup.js";
import { ALL_TYPES, hasType, type JsonType } from "./json-types.js";
import type { Located, SchemaSide } from "./schema-side.js";

/**
 * A subschema as the conjunction of its parts: the schema itself and, recursively, every
 * `allOf` branch and `$ref` target, so that a keyword's constraints can be read across all of
 * them. `false` anywhere makes the whole accept nothing. A `$ref` this cannot follow is kept as
 * `unresolved` (its pointer), which only a proof that does not need it can pass.
 */
export interface Conjunction {
  readonly parts: readonly { readonly schema: JsonObject; readonly pointer: string }[];
  readonly never: boolean;
  /** Where the `false` that makes it accept nothing stands. */
  readonly neverAt?: string;
  readonly unresolved: readonly string[];
  /** One of the types the parts allow, when a proof splits the values by type ("number" keeps the integers). */
  readonly onlyType?: JsonType;
}

/** How many `$ref`s and `allOf`s deep a conjunction is followed: deeper is a cycle that consumes nothing. */
const MAX_FLATTEN_DEPTH = 32;

export function conjunctionOf(located: readonly Located[], side: SchemaSide): Conjunction {
  const parts: { schema: JsonObject; pointer: string }[] = [];
  const unresolved: string[] = [];
  let never = false;
  let neverAt: string | undefined;
  const seen = new Set<string>();
  const visit = ({ schema, pointer }: Located, depth: number): void => {
    if (schema === true) return;
    if (schema === false) {
      never = true;
      neverAt ??= pointer;
      return;
    }
    if (seen.has(pointer) || depth > MAX_FLATTEN_DEPTH) return;
    seen.add(pointer);
    parts.push({ schema, pointer });
    const ref = schema["$ref"];
    if (typeof ref === "string") {
      const target = side.resolve(ref);
      if (target === undefined) unresolved.push(childPointer(pointer, "$ref"));
      else visit(target, depth + 1);
    }
    const allOf = schema["allOf"];
    if (Array.isArray(allOf))
      allOf.forEach((branch, i) =>
        visit({ schema: branch as JsonSchema, pointer: childPointer(childPointer(pointer, "allOf"), i) }, depth + 1),
      );
  };
  for (const item of located) visit(item, 0);
  return neverAt === undefined ? { parts, never, unresolved } : { parts, never, neverAt, unresolved };
}

/** The values of a keyword across the parts, each with the pointer of the keyword. */
export function keywordValues(
  conjunction: Conjunction,
  keyword: string,
): { readonly value: JsonValue; readonly pointer: string }[] {
  const values: { value: JsonValue; pointer: string }[] = [];
  for (const part of conjunction.parts) {
    if (Object.hasOwn(part.schema, keyword))
      values.push({ value: part.schema[keyword]!, pointer: childPointer(part.pointer, keyword) });
  }
  return values;
}

/**
 * The types the conjunction allows: each part's `type` intersected, where "number" also allows
 * the integers ("integer" alone allows only them) and `nullable: true` adds null. Undefined types (no `type`
 * anywhere) allow all.
 */
export function allowedTypes(conjunction: Conjunction): Set<JsonType> {
  const only = conjunction.onlyType;
  let allowed = new Set<JsonType>(only === undefined ? ALL_TYPES : only === "number" ? ["number", "integer"] : [only]);
  for (const part of conjunction.parts) {
    if (!Object.hasOwn(part.schema, "type")) continue;
    const value = part.schema["type"]!;
    const listed = new Set(
      (Array.isArray(value) ? value : [value]).filter(
        (t): t is JsonType => typeof t === "string" && (ALL_TYPES as readonly string[]).includes(t),
      ),
    );
    // OpenAPI's `nullable: true` beside `type` also allows null, as ajv reads it.
    if (part.schema["nullable"] === true) listed.add("null");
    const next = new Set<JsonType>();
    for (const type of allowed) {
      if (listed.has(type)) next.add(type);
      else if (type === "integer" && listed.has("number")) next.add("integer");
      else if (type === "number" && listed.has("integer")) next.add("integer");
    }
    allowed = next;
  }
  return allowed;
}

/**
 * Which side of a relation a conjunction is on: the values of the `"subset"` side must all be
 * valid under the `"superset"` side. Where a constraint cannot be read exactly, the subset side
 * may drop it (it only accepts more: a proof for more holds for less), the superset side may not.
 */
export type Role = "subset" | "superset";

/**
 * The subschemas that constrain the value of a property of this name, across the parts (the
 * property's own schema, the `patternProperties` whose pattern matches it, or else
 * `additionalProperties`); "pattern" where a pattern cannot be tested here.
 */
export function propertyConstraints(conjunction: Conjunction, name: string, role: Role): Located[] | "pattern" {
  const constraints: Located[] = [];
  for (const part of conjunction.parts) {
    const properties = part.schema["properties"];
    if (isJsonObject(properties) && Object.hasOwn(properties, name)) {
      constraints.push({
        schema: properties[name] as JsonSchema,
        pointer: childPointer(childPointer(part.pointer, "properties"), name),
      });
    }
    const patterns = part.schema["patternProperties"];
    let matched = false;
    if (isJsonObject(patterns)) {
      for (const [pattern, schema] of Object.entries(patterns)) {
        const matches = patternMatches(pattern, name);
        if (matches === undefined) {
          if (role === "superset") return "pattern";
          matched = true;
          continue;
        }
        if (!matches) continue;
        matched = true;
        constraints.push({
          schema: schema as JsonSchema,
          pointer: childPointer(childPointer(part.pointer, "patternProperties"), pattern),
        });
      }
    }
    if (matched || (isJsonObject(properties) && Object.hasOwn(properties, name))) continue;
    const additional = part.schema["additionalProperties"];
    if (additional !== undefined)
      constraints.push({
        schema: additional as JsonSchema,
        pointer: childPointer(part.pointer, "additionalProperties"),
      });
  }
  return constraints;
}

/**
 * The subschemas that constrain the value of a property no part names: `additionalProperties`;
 * "pattern" where a part has `patternProperties`, which some such names match and others not
 * (on the subset side that part then constrains nothing).
 */
export function otherPropertyConstraints(conjunction: Conjunction, role: Role): Located[] | "pattern" {
  const constraints: Located[] = [];
  for (const part of conjunction.parts) {
    const patterns = part.schema["patternProperties"];
    if (isJsonObject(patterns) && Object.keys(patterns).length > 0) {
      if (role === "superset") return "pattern";
      continue;
    }
    const additional = part.schema["additionalProperties"];
    if (additional !== undefined)
      constraints.push({
        schema: additional as JsonSchema,
        pointer: childPointer(part.pointer, "additionalProperties"),
      });
  }
  return constraints;
}

/** Whether a schema's pattern matches the text, in linear time; undefined for one RE2 cannot compile. */
export function patternMatches(pattern: string, name: string): boolean | undefined {
  try {
    return linearRegExp(pattern).test(name);
  } catch {
    return undefined;
  }
}

/** Every property name a part names. */
export function namedProperties(conjunction: Conjunction): Set<string> {
  const names = new Set<string>();
  for (const { value } of keywordValues(conjunction, "properties"))
    if (isJsonObject(value)) for (const name of Object.keys(value)) names.add(name);
  return names;
}

/**
 * The values the subset side is limited to by `enum`/`const` (or by allowing only null and booleans), when there are
 * such.
 */
export function finiteValues(a: Conjunction): JsonValue[] | undefined {
  let values: JsonValue[] | undefined;
  for (const { value, pointer } of [...keywordValues(a, "enum"), ...keywordValues(a, "const")]) {
    const listed = pointer.endsWith("/const") ? [value] : Array.isArray(value) ? value : [];
    values = values === undefined ? [...listed] : valuesListedIn(values, listed);
  }
  if (values !== undefined)
    return a.onlyType === undefined ? values : values.filter((value) => hasType(value, allowedTypes(a)));
  const types = allowedTypes(a);
  if ([...types].every((t) => t === "null" || t === "boolean"))
    return [...types].flatMap((t): JsonValue[] => (t === "null" ? [null] : [true, false]));
  return undefined;
}

/**
 * What constrains the item at a position (or past every prefix): per part, its prefix schema there, or its schema for
 * the rest.
 */
export function itemConstraints(c: Conjunction, side: SchemaSide, index: number | "rest"): Located[] {
  const [prefixKeyword, restKeyword] =
    side.dialect === "draft-07" ? ["items", "additionalItems"] : ["prefixItems", "items"];
  const constraints: Located[] = [];
  for (const part of c.parts) {
    const prefix = part.schema[prefixKeyword];
    if (side.dialect === "draft-07" && prefix !== undefined && !Array.isArray(prefix)) {
      constraints.push({ schema: prefix as JsonSchema, pointer: childPointer(part.pointer, "items") });
      continue;
    }
    if (Array.isArray(prefix) && index !== "rest" && index < prefix.length) {
      constraints.push({
        schema: prefix[index] as JsonSchema,
        pointer: childPointer(childPointer(part.pointer, prefixKeyword), index),
      });
      continue;
    }
    const rest = part.schema[restKeyword];
    // draft-07's additionalItems applies only past an items array.
    if (rest !== undefined && (side.dialect === "2020-12" || Array.isArray(prefix)))
      constraints.push({ schema: rest as JsonSchema, pointer: childPointer(part.pointer, restKeyword) });
  }
  return constraints;
}

export function prefixLength(c: Conjunction, side: SchemaSide): number {
  const keyword = side.dialect === "draft-07" ? "items" : "prefixItems";
  return Math.max(0, ...keywordValues(c, keyword).map(({ value }) => (Array.isArray(value) ? value.length : 0)));
}

export function requiredNames(c: Conjunction): Set<string> {
  const names = new Set<string>();
  for (const { value } of keywordValues(c, "required"))
    if (Array.isArray(value)) for (const name of value) if (typeof name === "string") names.add(name);
  return names;
}

/** The conjunction with its values limited to one type. */
export function ofType(conjunction: Conjunction, type: JsonType): Conjunction {
  return { ...conjunction, onlyType: type };
}
