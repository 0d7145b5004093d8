import type { JsonValue } from "../../util/json.js";
import { casesOf } from "./cases.js";
import {
  allowedTypes,
  type Conjunction,
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
import { numbers, SAMPLES_PER_SCHEMA, strings } from "./scalar-samples.js";
import type { Located, SchemaSide } from "./schema-side.js";
import { type Hints, hintsOf, setOwn } from "./witness-hints.js";

/** How many values are tried at the most, and how deep they are built. */
const MAX_CANDIDATES = 600;
const MAX_DEPTH = 4;

/**
 * A value valid under `sub`'s schema and invalid under `sup`'s, checked with ajv against both, or
 * undefined when none of the values tried is one. The values are built from `sub`'s schema (its
 * bounds, listed values, formats, optional and extra properties) and from the numbers in both
 * schemas (a length just past the other's maxLength, a number just under its minimum). The search
 * walks both schemas together: at each property, item and branch, the values that `sub`'s part
 * takes and `sup`'s part refuses come first, so a change deep inside is found by a value that
 * differs from a valid one in that place only.
 */
export function findWitness(sub: SchemaSide, sup: SchemaSide): JsonValue | undefined {
  const hints = hintsOf(sub.root, sup.root);
  // The values built from the first schema alone find most witnesses, and cost no validator per place: tried first.
  return (
    witnessAmong({ sub, sup, hints, guided: false }, QUICK_CANDIDATES) ??
    witnessAmong({ sub, sup, hints, guided: true }, MAX_CANDIDATES)
  );
}

/** How many values the quick search tries before the guided one. */
const QUICK_CANDIDATES = 150;

function witnessAmong(search: Search, candidates: number): JsonValue | undefined {
  const { sub, sup } = search;
  const seen = new Set<string>();
  const root = search.guided ? [{ schema: sup.root, pointer: "" }] : undefined;
  for (const value of samples([{ schema: sub.root, pointer: "" }], root, search, 0)) {
    const key = JSON.stringify(value);
    if (seen.has(key)) continue;
    seen.add(key);
    if (seen.size > candidates) return undefined;
    if (sub.accepts("", value) === true && sup.accepts("", value) === false) return value;
  }
  return undefined;
}

interface Search {
  readonly sub: SchemaSide;
  readonly sup: SchemaSide;
  readonly hints: Hints;
  /** Whether each place's values are ordered by what the second schema refuses there (a validator per place). */
  readonly guided: boolean;
}

/** Values for `sub`'s subschemas at these places, those that `sup`'s subschemas (the same place there) refuse first. */
function samples(
  located: readonly Located[],
  against: readonly Located[] | undefined,
  search: Search,
  depth: number,
): JsonValue[] {
  const conjunction = conjunctionOf(located, search.sub);
  if (conjunction.never) return [];
  const theirs = against === undefined ? undefined : conjunctionOf(against, search.sup);
  const cases = casesOf(conjunction, search.sub, 16) ?? [conjunction];
  const values: JsonValue[] = [];
  for (const one of cases) values.push(...caseSamples(one, theirs, search, depth));
  return theirs === undefined || theirs.never ? values : refusedFirst(values, conjunction, theirs, search);
}

/** Three tiers: taken here and refused there, taken by both, the rest (kept in their order within each). */
function refusedFirst(values: JsonValue[], ours: Conjunction, theirs: Conjunction, search: Search): JsonValue[] {
  const tiers: JsonValue[][] = [[], [], []];
  for (const value of values) {
    const taken = ours.parts.every((part) => search.sub.accepts(part.pointer, value) !== false);
    const refused = theirs.parts.some((part) => search.sup.accepts(part.pointer, value) === false);
    tiers[taken ? (refused ? 0 : 1) : 2]!.push(value);
  }
  return tiers.flat();
}

function caseSamples(c: Conjunction, theirs: Conjunction | undefined, search: Search, depth: number): JsonValue[] {
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
        values.push(...numbers(c, search.hints, type === "integer"));
        break;
      case "string":
        values.push(...strings(c, search.hints));
        break;
      case "array":
        values.push(...arrays(c, theirs, search, depth));
        break;
      case "object":
        values.push(...objects(c, theirs, search, depth));
        break;
    }
  }
  // One of each type first, so that the first few samples (all a deeper level keeps) cover every type.
  const values: JsonValue[] = [];
  for (let i = 0; byType.some((list) => i < list.length); i++)
    for (const list of byType) if (i < list.length) values.push(list[i]!);
  return values;
}

/** A name for each `patternProperties` pattern that starts with a literal text (`^x-` gives `x-a`), where it matches. */
function patternedNames(c: Conjunction): string[] {
  const names: string[] = [];
  for (const { value } of keywordValues(c, "patternProperties")) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) continue;
    for (const pattern of Object.keys(value)) {
      const name = `${/^\^?([\w-]*)/.exec(pattern)![1]}a`;
      if (patternMatches(pattern, name) === true) names.push(name);
    }
  }
  return names;
}

/** Where `sup` constrains the same place, when it can say (a pattern it cannot test says nothing). */
function theirPart(located: readonly Located[] | "pattern" | undefined): readonly Located[] | undefined {
  return located === "pattern" ? undefined : located;
}

function arrays(c: Conjunction, theirs: Conjunction | undefined, search: Search, depth: number): JsonValue[][] {
  if (depth >= MAX_DEPTH) return [[]];
  const { sub, sup, hints } = search;
  const min = Math.max(0, ...keywordValues(c, "minItems").map(({ value }) => (typeof value === "number" ? value : 0)));
  const max = Math.min(
    Infinity,
    ...keywordValues(c, "maxItems").map(({ value }) => (typeof value === "number" ? value : Infinity)),
  );
  const known = new Map<number, JsonValue[]>();
  const prefix = prefixLength(c, sub);
  const at = (index: number): JsonValue[] => {
    // Past every prefix, each position has the same schema.
    const position = Math.min(index, prefix);
    let values = known.get(position);
    if (values === undefined) {
      const against = theirs && itemConstraints(theirs, sup, position);
      values = samples(itemConstraints(c, sub, position), against, search, depth + 1).slice(0, SAMPLES_PER_SCHEMA);
      known.set(position, values);
    }
    return values;
  };
  const values: JsonValue[][] = [];
  const lengths = new Set([0, 1, 2, 3, prefix + 1].map((n) => Math.max(n, min)));
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

function objects(c: Conjunction, theirs: Conjunction | undefined, search: Search, depth: number): JsonValue[] {
  const { sub, sup, hints } = search;
  const required = requiredNames(c);
  const named = namedProperties(c);
  const known = new Map<string, { all: JsonValue[]; taken: JsonValue | undefined }>();
  const options = (name: string) => {
    let found = known.get(name);
    if (found === undefined) {
      const own = propertyConstraints(c, name, "subset") as Located[];
      const against = theirs && theirPart(propertyConstraints(theirs, name, "superset"));
      const all = depth >= MAX_DEPTH ? [] : samples(own, against, search, depth + 1).slice(0, SAMPLES_PER_SCHEMA);
      if (!search.guided) {
        known.set(name, (found = { all, taken: all[0] }));
        return found;
      }
      // The value the rest of an object is built with: one that both take where there is one.
      const ownParts = conjunctionOf(own, sub).parts;
      const theirParts = against === undefined ? [] : conjunctionOf(against, sup).parts;
      const taken = all.find(
        (value) =>
          ownParts.every((part) => sub.accepts(part.pointer, value) !== false) &&
          theirParts.every((part) => sup.accepts(part.pointer, value) !== false),
      );
      known.set(name, (found = { all, taken: taken ?? all[0] }));
    }
    return found;
  };
  const base: Record<string, JsonValue> = {};
  for (const name of required) {
    const first = options(name).taken;
    if (first !== undefined) setOwn(base, name, first);
  }
  const values: JsonValue[] = [base];
  for (const name of new Set([...required, ...named, ...patternedNames(c)])) {
    for (const option of options(name).all) values.push(setOwn({ ...base }, name, option));
  }
  const full = { ...base };
  for (const name of named) if (!Object.hasOwn(full, name)) setOwn(full, name, options(name).taken ?? null);
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
