import { fullFormats } from "ajv-formats/dist/formats.js";
import type { JsonObject, JsonSchema, JsonValue } from "../json.js";
import { jsonEqual } from "../json-equal.js";
import { childPointer } from "../json-pointer.js";
import {
  allowedTypes,
  type Conjunction,
  casesOf,
  conjunctionOf,
  finiteValues,
  hasType,
  itemConstraints,
  type JsonType,
  keywordValues,
  namedProperties,
  ofType,
  otherPropertyConstraints,
  prefixLength,
  propertyConstraints,
  requiredNames,
} from "./conjunction.js";
import type { Located, SchemaSide } from "./schema-side.js";

/** Whether every value of one schema is valid under another was proved, or what stopped the proof. */
export type Proof =
  | { readonly proved: true }
  | { readonly proved: false; readonly reason: string; readonly pointer: string };

const PROVED: Proof = { proved: true };

/** How much work one proof may do: beyond it, the answer is "unknown". */
const MAX_STEPS = 20_000;
/** How many cases the subset side's `anyOf`/`oneOf` may split into. */
const MAX_CASES = 64;

interface Context {
  readonly sub: SchemaSide;
  readonly sup: SchemaSide;
  /** Pairs being proved further up: met again, they hold by co-induction (a recursive schema compared with itself). */
  readonly assumed: Set<string>;
  steps: number;
}

/**
 * Proves that every value valid under `sub`'s schema is valid under `sup`'s, keyword by keyword,
 * or says which keyword of `sup` stopped it. Sound: it says proved only when it is so (the
 * subset side may drop a constraint it cannot read, the superset side never).
 */
export function proveSubschema(sub: SchemaSide, sup: SchemaSide): Proof {
  return prove([{ schema: sub.root, pointer: "" }], [{ schema: sup.root, pointer: "" }], {
    sub,
    sup,
    assumed: new Set(),
    steps: 0,
  });
}

function prove(a: readonly Located[], b: readonly Located[], ctx: Context): Proof {
  if (++ctx.steps > MAX_STEPS) return unknown("too large to prove within the checker's budget", b[0]?.pointer ?? "");
  if (a.length === 1 && b.length === 1 && jsonEqual(a[0]!.schema, b[0]!.schema) && !hasRef(a[0]!.schema)) return PROVED;
  const key = `${a.map((l) => l.pointer).join(",")}|${b.map((l) => l.pointer).join(",")}`;
  if (ctx.assumed.has(key)) return PROVED;
  ctx.assumed.add(key);
  try {
    return proveConjunctions(conjunctionOf(a, ctx.sub), conjunctionOf(b, ctx.sup), ctx);
  } finally {
    ctx.assumed.delete(key);
  }
}

function proveConjunctions(a: Conjunction, b: Conjunction, ctx: Context): Proof {
  if (a.never) return PROVED;
  if (b.never) return unknown("false: the second accepts no value here", b.parts[0]?.pointer ?? "");
  if (b.unresolved.length > 0) return unknown("a $ref the checker cannot follow", b.unresolved[0]!);
  const cases = casesOf(a, ctx.sub, MAX_CASES);
  if (cases === undefined)
    return unknown(`anyOf/oneOf split into more than ${MAX_CASES} cases`, b.parts[0]?.pointer ?? "");
  for (const one of cases) {
    const proof = proveCase(one, b, ctx);
    if (!proof.proved) return proof;
  }
  return PROVED;
}

function proveCase(a: Conjunction, b: Conjunction, ctx: Context): Proof {
  const finite = finiteValues(a);
  if (finite !== undefined) return proveFinite(a, finite, b, ctx);
  for (const part of b.parts) {
    for (const keyword of ["anyOf", "oneOf"] as const) {
      const branches = part.schema[keyword];
      if (!Array.isArray(branches)) continue;
      const pointer = childPointer(part.pointer, keyword);
      const located = branches.map((branch, i) => ({
        schema: branch as JsonSchema,
        pointer: childPointer(pointer, i),
      }));
      const heldBy = (values: Conjunction): boolean =>
        located.some((branch, i) => {
          if (!proveConjunctions(values, conjunctionOf([branch], ctx.sup), ctx).proved) return false;
          return keyword === "anyOf" || located.every((other, j) => j === i || disjoint(values, other, ctx));
        });
      // No one branch holds them all: each type of them may have its own (a type list against anyOf of types).
      const types = [...allowedTypes(a)].filter((type) => !(type === "integer" && allowedTypes(a).has("number")));
      const holds = heldBy(a) || (types.length > 1 && types.every((type) => heldBy(ofType(a, type))));
      if (!holds)
        return unknown(
          keyword === "anyOf"
            ? "no branch of anyOf holds every value of the first"
            : "no branch of oneOf holds every value of the first apart from the others",
          pointer,
        );
    }
    for (const group of OPAQUE_GROUPS) {
      if (!group.some((keyword) => Object.hasOwn(part.schema, keyword))) continue;
      const met = a.parts.some(
        (own) =>
          group.every((keyword) => jsonEqual(own.schema[keyword], part.schema[keyword])) &&
          !group.some((keyword) => hasRef(part.schema[keyword] ?? null)),
      );
      if (!met)
        return unknown(
          `${group.filter((keyword) => Object.hasOwn(part.schema, keyword)).join("/")} differs, which the checker compares only when equal`,
          childPointer(part.pointer, group.find((keyword) => Object.hasOwn(part.schema, keyword))!),
        );
    }
    // What unevaluated* allow depends on every applicator beside them: only the same schema, whole, implies it.
    if (
      WHOLE_SCHEMA_KEYWORDS.some((keyword) => Object.hasOwn(part.schema, keyword)) &&
      !a.parts.some((own) => jsonEqual(own.schema, part.schema) && !hasRef(part.schema))
    ) {
      return unknown(
        `${WHOLE_SCHEMA_KEYWORDS.filter((keyword) => Object.hasOwn(part.schema, keyword)).join("/")} beside other keywords, which the checker compares only in the same schema`,
        part.pointer,
      );
    }
  }
  const enumerated = keywordValues(b, "enum").concat(keywordValues(b, "const"));
  if (enumerated.length > 0)
    return unknown(
      `${enumerated[0]!.pointer.endsWith("/const") ? "const" : "enum"}: the second allows listed values only, the first any of a type`,
      enumerated[0]!.pointer,
    );
  return proveTypes(a, b, ctx);
}

/**
 * Keywords the checker does not reason about: the superset side's must be met on the subset side
 * by a part with equal values for the whole group (`then` means nothing without its `if`).
 */
const OPAQUE_GROUPS: readonly (readonly string[])[] = [
  ["not"],
  ["if", "then", "else"],
  ["contains", "minContains", "maxContains"],
  ["propertyNames"],
  ["dependentRequired"],
  ["dependentSchemas"],
  ["dependencies"],
];

/** Keywords whose meaning depends on the whole schema around them. */
const WHOLE_SCHEMA_KEYWORDS = ["unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$recursiveRef"];

/** Exact for a finite subset side: every listed value it accepts is checked against the superset side. */
function proveFinite(a: Conjunction, values: readonly JsonValue[], b: Conjunction, ctx: Context): Proof {
  const types = allowedTypes(a);
  for (const value of values) {
    if (!hasType(value, types)) continue;
    const ours = a.parts.map((part) => ctx.sub.accepts(part.pointer, value));
    if (ours.includes(false)) continue;
    const theirs = b.parts.map((part) => ctx.sup.accepts(part.pointer, value));
    const unchecked = [...ours, ...theirs].includes(undefined);
    if (unchecked) return unknown(`ajv could not check ${JSON.stringify(value)}`, b.parts[0]?.pointer ?? "");
    const refusing = theirs.indexOf(false);
    if (refusing !== -1)
      return unknown(`refuses ${JSON.stringify(value)}, which the first allows`, b.parts[refusing]!.pointer);
  }
  return PROVED;
}

function proveTypes(a: Conjunction, b: Conjunction, ctx: Context): Proof {
  const ours = allowedTypes(a);
  const theirs = allowedTypes(b);
  const typePointer = keywordValues(b, "type")[0]?.pointer ?? b.parts[0]?.pointer ?? "";
  for (const type of ours) {
    if (type === "number" && !theirs.has("number")) {
      if (!theirs.has("integer") || !onlyIntegers(a))
        return unknown(`type: the first allows ${describe(type)}, the second does not`, typePointer);
    } else if (!theirs.has(type) && !(type === "integer" && theirs.has("number"))) {
      return unknown(`type: the first allows ${describe(type)}, the second does not`, typePointer);
    }
  }
  for (const type of ours) {
    const proof = proveType(type, a, b, ctx);
    if (!proof.proved) return proof;
  }
  return PROVED;
}

function proveType(type: JsonType, a: Conjunction, b: Conjunction, ctx: Context): Proof {
  switch (type) {
    case "null":
    case "boolean":
      return PROVED;
    case "integer":
    case "number":
      return proveNumbers(type, a, b);
    case "string":
      return proveStrings(a, b);
    case "array":
      return proveArrays(a, b, ctx);
    case "object":
      return proveObjects(a, b, ctx);
  }
}

interface Bound {
  readonly value: number;
  readonly exclusive: boolean;
}

function bound(
  c: Conjunction,
  inclusive: "minimum" | "maximum",
  exclusive: "exclusiveMinimum" | "exclusiveMaximum",
): Bound | undefined {
  const lower = inclusive === "minimum";
  let best: Bound | undefined;
  const consider = (value: JsonValue, isExclusive: boolean): void => {
    if (typeof value !== "number") return;
    if (
      best === undefined ||
      (lower ? value > best.value : value < best.value) ||
      (value === best.value && isExclusive)
    )
      best = { value, exclusive: isExclusive };
  };
  for (const { value } of keywordValues(c, inclusive)) consider(value, false);
  for (const { value } of keywordValues(c, exclusive)) consider(value, true);
  return best;
}

/** Whether the subset side's bound is within the superset side's (a lower bound at or above, an upper at or below). */
function within(ours: Bound | undefined, theirs: Bound | undefined, lower: boolean): boolean {
  if (theirs === undefined) return true;
  if (ours === undefined) return false;
  if (ours.value !== theirs.value) return lower ? ours.value > theirs.value : ours.value < theirs.value;
  return ours.exclusive || !theirs.exclusive;
}

function proveNumbers(type: "integer" | "number", a: Conjunction, b: Conjunction): Proof {
  for (const [inclusive, exclusive, lower] of [
    ["minimum", "exclusiveMinimum", true],
    ["maximum", "exclusiveMaximum", false],
  ] as const) {
    const theirs = bound(b, inclusive, exclusive);
    if (!within(bound(a, inclusive, exclusive), theirs, lower)) {
      const at = keywordValues(b, theirs?.exclusive === true ? exclusive : inclusive)[0]!;
      return unknown(
        `${at.pointer.slice(at.pointer.lastIndexOf("/") + 1)}: the second is ${JSON.stringify(at.value)}, the first ${lower ? "lower or none" : "higher or none"}`,
        at.pointer,
      );
    }
  }
  const integers = type === "integer" || onlyIntegers(a);
  for (const { value, pointer } of keywordValues(b, "multipleOf")) {
    if (typeof value !== "number" || value <= 0) continue;
    const divides = (n: number): boolean => isWhole(n / value);
    if (
      (integers && divides(1)) ||
      keywordValues(a, "multipleOf").some((own) => typeof own.value === "number" && divides(own.value))
    )
      continue;
    return unknown(`multipleOf: the first allows numbers that are not multiples of ${value}`, pointer);
  }
  return PROVED;
}

/** As ajv checks multipleOf (multipleOfPrecision 6): a quotient within 1e-6 of a whole number counts as whole. */
function isWhole(n: number): boolean {
  return Math.abs(n - Math.round(n)) < 1e-6;
}

function onlyIntegers(c: Conjunction): boolean {
  const types = allowedTypes(c);
  if (!types.has("number")) return true;
  return keywordValues(c, "multipleOf").some(({ value }) => typeof value === "number" && isWhole(value));
}

function lengthBound(c: Conjunction, keyword: string, lower: boolean): { value: number; pointer: string } | undefined {
  let best: { value: number; pointer: string } | undefined;
  for (const { value, pointer } of keywordValues(c, keyword)) {
    if (typeof value !== "number") continue;
    if (best === undefined || (lower ? value > best.value : value < best.value)) best = { value, pointer };
  }
  return best;
}

/** minLength/maxLength and their kin: the subset side's range within the superset side's. */
function proveRange(a: Conjunction, b: Conjunction, min: string, max: string, ownMin = 0, ownMax = Infinity): Proof {
  const theirMin = lengthBound(b, min, true);
  if (theirMin !== undefined && Math.max(lengthBound(a, min, true)?.value ?? 0, ownMin) < theirMin.value)
    return unknown(`${min}: the second is ${theirMin.value}, the first allows fewer`, theirMin.pointer);
  const theirMax = lengthBound(b, max, false);
  if (theirMax !== undefined && Math.min(lengthBound(a, max, false)?.value ?? Infinity, ownMax) > theirMax.value)
    return unknown(`${max}: the second is ${theirMax.value}, the first allows more`, theirMax.pointer);
  return PROVED;
}

const KNOWN_FORMATS = new Set(Object.keys(fullFormats));

function proveStrings(a: Conjunction, b: Conjunction): Proof {
  const range = proveRange(a, b, "minLength", "maxLength");
  if (!range.proved) return range;
  for (const { value, pointer } of keywordValues(b, "pattern")) {
    if (!keywordValues(a, "pattern").some((own) => own.value === value))
      return unknown("pattern: the second has one the first does not", pointer);
  }
  for (const { value, pointer } of keywordValues(b, "format")) {
    if (typeof value !== "string" || !KNOWN_FORMATS.has(value)) continue;
    if (!keywordValues(a, "format").some((own) => own.value === value))
      return unknown(`format: the second asks for ${JSON.stringify(value)}, the first does not`, pointer);
  }
  return PROVED;
}

function proveArrays(a: Conjunction, b: Conjunction, ctx: Context): Proof {
  const range = proveRange(a, b, "minItems", "maxItems");
  if (!range.proved) return range;
  for (const { value, pointer } of keywordValues(b, "uniqueItems")) {
    if (value !== true) continue;
    if (
      !keywordValues(a, "uniqueItems").some((own) => own.value === true) &&
      (lengthBound(a, "maxItems", false)?.value ?? Infinity) > 1
    )
      return unknown("uniqueItems: the second asks for it, the first does not", pointer);
  }
  const maxItems = lengthBound(a, "maxItems", false)?.value ?? Infinity;
  const positions = Math.max(prefixLength(a, ctx.sub), prefixLength(b, ctx.sup));
  for (let index = 0; index < positions && index < maxItems; index++) {
    const proof = prove(itemConstraints(a, ctx.sub, index), itemConstraints(b, ctx.sup, index), ctx);
    if (!proof.proved) return proof;
  }
  if (maxItems > positions) return prove(itemConstraints(a, ctx.sub, "rest"), itemConstraints(b, ctx.sup, "rest"), ctx);
  return PROVED;
}

function proveObjects(a: Conjunction, b: Conjunction, ctx: Context): Proof {
  const required = requiredNames(a);
  for (const { value, pointer } of keywordValues(b, "required")) {
    if (!Array.isArray(value)) continue;
    const missing = value.find((name) => typeof name === "string" && !required.has(name));
    if (missing !== undefined)
      return unknown(`required: the second requires ${JSON.stringify(missing)}, the first does not`, pointer);
  }
  for (const name of new Set([...namedProperties(a), ...namedProperties(b)])) {
    const ours = propertyConstraints(a, name, "subset") as Located[];
    if (conjunctionOf(ours, ctx.sub).never) continue;
    const theirs = propertyConstraints(b, name, "superset");
    if (theirs === "pattern")
      return unknown(
        `patternProperties: a pattern the checker cannot test against ${JSON.stringify(name)}`,
        b.parts[0]?.pointer ?? "",
      );
    const proof = prove(ours, theirs, ctx);
    if (!proof.proved) return proof;
  }
  const others = otherPropertyConstraints(a, "subset") as Located[];
  const closed = conjunctionOf(others, ctx.sub).never;
  if (!closed) {
    const theirs = otherPropertyConstraints(b, "superset");
    if (theirs === "pattern") {
      const proof = provePatternedOthers(a, b, ctx);
      if (!proof.proved) return proof;
    } else {
      const proof = prove(others, theirs, ctx);
      if (!proof.proved) return proof;
    }
  }
  const named = [...namedProperties(a)].filter(
    (name) => !conjunctionOf(propertyConstraints(a, name, "subset") as Located[], ctx.sub).never,
  ).length;
  return proveRange(
    a,
    b,
    "minProperties",
    "maxProperties",
    required.size,
    closed && keywordValues(a, "patternProperties").length === 0 ? named : Infinity,
  );
}

/**
 * The properties no part names, where the superset side has `patternProperties`: proved only in
 * the plain case, one part on each side with the same patterns (so a name that matches one meets
 * the same schema on both) and, for the names that match none, additionalProperties compared.
 */
function provePatternedOthers(a: Conjunction, b: Conjunction, ctx: Context): Proof {
  const governing = (c: Conjunction) =>
    c.parts.filter(
      (part) => Object.hasOwn(part.schema, "patternProperties") || Object.hasOwn(part.schema, "additionalProperties"),
    );
  const [ours, theirs] = [governing(a), governing(b)];
  const pointer = theirs[0]?.pointer ?? b.parts[0]?.pointer ?? "";
  if (ours.length !== 1 || theirs.length !== 1)
    return unknown("patternProperties across several schemas, which the checker does not compare", pointer);
  const [own, other] = [ours[0]!, theirs[0]!];
  if (
    !jsonEqual(own.schema["patternProperties"], other.schema["patternProperties"]) ||
    hasRef(other.schema["patternProperties"] ?? null)
  ) {
    return unknown(
      "patternProperties differ, which the checker compares only when equal",
      childPointer(other.pointer, "patternProperties"),
    );
  }
  const additional = (part: { schema: JsonObject; pointer: string }): Located[] =>
    Object.hasOwn(part.schema, "additionalProperties")
      ? [
          {
            schema: part.schema["additionalProperties"] as JsonSchema,
            pointer: childPointer(part.pointer, "additionalProperties"),
          },
        ]
      : [];
  return prove(additional(own), additional(other), ctx);
}

/**
 * Whether no value is valid under both: their types do not meet, or a required property's listed values are all refused
 * by the other.
 */
function disjoint(a: Conjunction, other: Located, ctx: Context): boolean {
  const theirs = conjunctionOf([other], ctx.sup);
  if (theirs.never) return true;
  const ours = allowedTypes(a);
  const types = allowedTypes(theirs);
  if (
    ![...ours].some(
      (t) => types.has(t) || (t === "integer" && types.has("number")) || (t === "number" && types.has("integer")),
    )
  )
    return true;
  const finite = finiteValues(a);
  if (finite?.every((value) => ctx.sup.accepts(other.pointer, value) === false)) return true;
  for (const name of requiredNames(a)) {
    const values = finiteValues(conjunctionOf(propertyConstraints(a, name, "subset") as Located[], ctx.sub));
    const constraints = propertyConstraints(theirs, name, "superset");
    if (values === undefined || constraints === "pattern" || constraints.length === 0) continue;
    if (values.every((value) => constraints.some((c) => ctx.sup.accepts(c.pointer, value) === false))) return true;
  }
  return false;
}

function hasRef(schema: JsonValue): boolean {
  if (typeof schema !== "object" || schema === null) return false;
  if (Array.isArray(schema)) return schema.some(hasRef);
  return Object.entries(schema).some(([key, value]) => key === "$ref" || key === "$dynamicRef" || hasRef(value));
}

function describe(type: JsonType): string {
  return type === "integer"
    ? "integers"
    : type === "number"
      ? "non-integer numbers"
      : `${type === "null" ? "null" : `${type}s`}`;
}

function unknown(reason: string, pointer: string): Proof {
  return { proved: false, reason, pointer };
}
