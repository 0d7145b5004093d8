import type { JsonSchema, JsonValue } from "../../util/json.js";
import {
  allowedTypes,
  type Conjunction,
  casesOf,
  conjunctionOf,
  finiteValues,
  itemConstraints,
  keywordValues,
  namedProperties,
  patternMatches,
  prefixLength,
  propertyConstraints,
  requiredNames,
} from "./conjunction.js";
import type { Located, SchemaSide } from "./schema-side.js";

/** How many values are tried at the most, and how deep they are built. */
const MAX_CANDIDATES = 600;
const MAX_DEPTH = 4;
const SAMPLES_PER_SCHEMA = 12;

/**
 * A value valid under `sub`'s schema and invalid under `sup`'s, checked with ajv against both, or
 * undefined when none of the values tried is one. The values are built from `sub`'s schema (its
 * bounds, listed values, formats, optional and extra properties) and from the numbers in both
 * schemas (a length just past the other's maxLength, a number just under its minimum).
 */
export function findWitness(sub: SchemaSide, sup: SchemaSide): JsonValue | undefined {
  const hints: Hints = { numbers: numbersIn(sub.root).concat(numbersIn(sup.root)), names: propertyNamesIn(sup.root) };
  const seen = new Set<string>();
  for (const value of samples([{ schema: sub.root, pointer: "" }], sub, hints, 0)) {
    const key = JSON.stringify(value);
    if (seen.has(key)) continue;
    seen.add(key);
    if (seen.size > MAX_CANDIDATES) return undefined;
    if (sub.accepts("", value) === true && sup.accepts("", value) === false) return value;
  }
  return undefined;
}

/** Values for the subschemas at these places. */
function samples(located: readonly Located[], side: SchemaSide, hints: Hints, depth: number): JsonValue[] {
  const conjunction = conjunctionOf(located, side);
  if (conjunction.never) return [];
  const cases = casesOf(conjunction, side, 16) ?? [conjunction];
  const values: JsonValue[] = [];
  for (const one of cases) values.push(...caseSamples(one, side, hints, depth));
  return values;
}

/**
 * The values that meet these checks first, the others after: a part built from the first ones is then likely valid too.
 */
function meetingFirst<T>(values: Iterable<T>, meets: (value: T) => boolean): T[] {
  const all = [...values];
  return [...all.filter(meets), ...all.filter((value) => !meets(value))];
}

function caseSamples(c: Conjunction, side: SchemaSide, hints: Hints, depth: number): JsonValue[] {
  const finite = finiteValues(c);
  if (finite !== undefined) return finite;
  const byType: JsonValue[][] = [];
  for (const type of allowedTypes(c)) {
    const values: JsonValue[] = [];
    byType.push(values);
    switch (type) {
      case "null":
        values.push(null);
        break;
      case "boolean":
        values.push(true, false);
        break;
      case "integer":
      case "number":
        values.push(...numbers(c, hints, type === "integer"));
        break;
      case "string":
        values.push(...strings(c, hints));
        break;
      case "array":
        values.push(...arrays(c, side, hints, depth));
        break;
      case "object":
        values.push(...objects(c, side, hints, depth));
        break;
    }
  }
  // One of each type first, so that the first few samples (all a deeper level keeps) cover every type.
  const values: JsonValue[] = [];
  for (let i = 0; byType.some((list) => i < list.length); i++)
    for (const list of byType) if (i < list.length) values.push(list[i]!);
  return values;
}

function numbers(c: Conjunction, hints: Hints, integers: boolean): number[] {
  const marks = [0, 1, -1, ...hints.numbers];
  for (const keyword of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"])
    for (const { value } of keywordValues(c, keyword)) if (typeof value === "number") marks.push(value);
  const values = new Set<number>();
  for (const mark of marks) {
    for (const step of integers ? [0, 1, -1] : [0, 0.5, 1, -0.5, -1]) {
      const value = mark + step;
      if (Number.isFinite(value) && (!integers || Number.isInteger(value))) values.add(value);
    }
  }
  const limit = (keyword: string, holds: (value: number, bound: number) => boolean) => (value: number) =>
    keywordValues(c, keyword).every(({ value: bound }) => typeof bound !== "number" || holds(value, bound));
  const checks = [
    limit("minimum", (v, b) => v >= b),
    limit("maximum", (v, b) => v <= b),
    limit("exclusiveMinimum", (v, b) => v > b),
    limit("exclusiveMaximum", (v, b) => v < b),
    limit("multipleOf", (v, b) => b <= 0 || Math.abs(v / b - Math.round(v / b)) < 1e-6),
  ];
  return meetingFirst(values, (value) => checks.every((check) => check(value))).slice(0, SAMPLES_PER_SCHEMA * 2);
}

const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  date: "2026-12-24",
  time: "12:30:00Z",
  "date-time": "2026-12-24T12:30:00Z",
  duration: "P1D",
  email: "user@example.com",
  "idn-email": "user@example.com",
  hostname: "example.com",
  "idn-hostname": "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  uri: "https://example.com/a",
  "uri-reference": "/a",
  iri: "https://example.com/a",
  "iri-reference": "/a",
  "uri-template": "https://example.com/{id}",
  uuid: "123e4567-e89b-12d3-a456-426614174000",
  "json-pointer": "/a/0",
  "relative-json-pointer": "0/a",
  regex: "^a+$",
};

function strings(c: Conjunction, hints: Hints): string[] {
  const values = new Set<string>();
  for (const { value } of keywordValues(c, "format"))
    if (typeof value === "string" && FORMAT_SAMPLES[value] !== undefined) values.add(FORMAT_SAMPLES[value]!);
  for (const text of ["a", "", "A1", "hello world", "2026-12-24", "user@example.com", "https://example.com/a"])
    values.add(text);
  const lengths = new Set<number>([0, 1]);
  for (const keyword of ["minLength", "maxLength"])
    for (const { value } of keywordValues(c, keyword)) if (typeof value === "number") lengths.add(value);
  for (const hint of hints.numbers)
    if (Number.isInteger(hint) && hint >= 0 && hint < 10_000)
      [hint - 1, hint, hint + 1].forEach((n) => n >= 0 && lengths.add(n));
  for (const length of lengths) values.add("a".repeat(length));
  const lengthsMet = (text: string) =>
    keywordValues(c, "minLength").every(({ value }) => typeof value !== "number" || text.length >= value) &&
    keywordValues(c, "maxLength").every(({ value }) => typeof value !== "number" || text.length <= value);
  const patternsMet = (text: string) =>
    keywordValues(c, "pattern").every(
      ({ value }) => typeof value !== "string" || patternMatches(value, text) !== false,
    );
  return meetingFirst(values, (text) => lengthsMet(text) && patternsMet(text));
}

function arrays(c: Conjunction, side: SchemaSide, hints: Hints, depth: number): JsonValue[][] {
  if (depth >= MAX_DEPTH) return [[]];
  const min = Math.max(0, ...keywordValues(c, "minItems").map(({ value }) => (typeof value === "number" ? value : 0)));
  const max = Math.min(
    Infinity,
    ...keywordValues(c, "maxItems").map(({ value }) => (typeof value === "number" ? value : Infinity)),
  );
  const known = new Map<number, JsonValue[]>();
  const at = (index: number): JsonValue[] => {
    // Past every prefix, each position has the same schema.
    const position = Math.min(index, prefixLength(c, side));
    let values = known.get(position);
    if (values === undefined)
      known.set(
        position,
        (values = samples(itemConstraints(c, side, position), side, hints, depth + 1).slice(0, SAMPLES_PER_SCHEMA)),
      );
    return values;
  };
  const values: JsonValue[][] = [];
  const lengths = new Set([0, 1, 2, 3, prefixLength(c, side) + 1].map((n) => Math.max(n, min)));
  if (Number.isFinite(max)) lengths.add(max);
  for (const hint of hints.numbers)
    if (Number.isInteger(hint) && hint >= min && hint <= max && hint < 50) lengths.add(hint);
  for (const length of lengths) {
    if (length > max || length > 50) continue;
    const firsts = Array.from({ length }, (_, i) => at(i));
    if (firsts.some((options) => options.length === 0)) continue;
    values.push(firsts.map((options) => options[0]!));
    for (let variant = 1; variant < SAMPLES_PER_SCHEMA; variant++)
      values.push(firsts.map((options) => options[variant % options.length]!));
  }
  return values;
}

function objects(c: Conjunction, side: SchemaSide, hints: Hints, depth: number): JsonValue[] {
  const required = requiredNames(c);
  const named = namedProperties(c);
  const known = new Map<string, JsonValue[]>();
  const options = (name: string): JsonValue[] => {
    let values = known.get(name);
    if (values === undefined)
      known.set(
        name,
        (values =
          depth >= MAX_DEPTH
            ? []
            : samples(propertyConstraints(c, name, "subset") as Located[], side, hints, depth + 1).slice(
                0,
                SAMPLES_PER_SCHEMA,
              )),
      );
    return values;
  };
  const base: Record<string, JsonValue> = {};
  for (const name of required) {
    const first = options(name)[0];
    if (first !== undefined) setOwn(base, name, first);
  }
  const values: JsonValue[] = [base];
  for (const name of new Set([...required, ...named])) {
    for (const option of options(name)) values.push(setOwn({ ...base }, name, option));
  }
  const full = { ...base };
  for (const name of named) if (!Object.hasOwn(full, name)) setOwn(full, name, options(name)[0] ?? null);
  values.push(full);
  // Properties the other schema names and this one does not: an open object may carry them with any value.
  for (const name of ["extra", ...hints.names.filter((n) => !named.has(n))])
    for (const extra of ["x", 1, null, true, {}] as JsonValue[]) values.push(setOwn({ ...base }, name, extra));
  for (const name of required) {
    const without = { ...base };
    delete without[name];
    values.push(without);
  }
  // As many properties as a count in either schema, and one more.
  for (const hint of hints.numbers) {
    if (!Number.isInteger(hint) || hint < 1 || hint > 20) continue;
    const wide: Record<string, JsonValue> = { ...base };
    for (let i = 0; Object.keys(wide).length <= hint; i++) wide[`extra${i}`] = "x";
    values.push(wide);
  }
  return values;
}

/** Sets a property as the object's own, `__proto__` too (an assignment would set the prototype). */
function setOwn(object: Record<string, JsonValue>, name: string, value: JsonValue): Record<string, JsonValue> {
  Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

/** What the values are built around, taken from both schemas. */
interface Hints {
  readonly numbers: readonly number[];
  readonly names: readonly string[];
}

/** Every property name a schema names anywhere, to try them in the other schema's open objects. */
function propertyNamesIn(schema: JsonSchema): string[] {
  const found = new Set<string>();
  const visit = (value: JsonValue): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === "object" && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (
          (key === "properties" || key === "dependentRequired" || key === "dependentSchemas") &&
          typeof child === "object" &&
          child !== null &&
          !Array.isArray(child)
        )
          Object.keys(child).forEach((name) => found.add(name));
        if (key === "required" && Array.isArray(child))
          child.forEach((name) => typeof name === "string" && found.add(name));
        visit(child);
      }
    }
  };
  visit(schema);
  return [...found].slice(0, 64);
}

/** Every number in a schema (bounds, lengths, counts), to build values at the edges of the other schema. */
function numbersIn(schema: JsonSchema): number[] {
  const found = new Set<number>();
  const visit = (value: JsonValue): void => {
    if (typeof value === "number") found.add(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(visit);
  };
  visit(schema);
  return [...found].slice(0, 64);
}
