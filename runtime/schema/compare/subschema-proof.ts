import type { JsonSchema, JsonValue } from "../../util/json.js";
import { jsonEqual } from "../../util/json-equal.js";
import { childPointer } from "../json-pointer.js";
import { casesOf } from "./cases.js";
import { allowedTypes, type Conjunction, conjunctionOf, finiteValues, keywordValues, ofType } from "./conjunction.js";
import { disjoint, hasRef, proveArrays, proveObjects } from "./container-proof.js";
import { hasType, type JsonType } from "./json-types.js";
import type { Context } from "./proof.js";
import { PROVED, type Proof, unknown } from "./proof.js";
import { onlyIntegers, proveNumbers, proveStrings } from "./scalar-proof.js";
import type { Located, SchemaSide } from "./schema-side.js";

/** How much work one proof may do: beyond it, the answer is "unknown". */
const MAX_STEPS = 20_000;
/** How many cases the subset side's `anyOf`/`oneOf` may split into. */
const MAX_CASES = 64;

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
    proved: new Set(),
    provedInOrder: [],
    steps: 0,
    prove,
  });
}

function prove(a: readonly Located[], b: readonly Located[], ctx: Context): Proof {
  if (++ctx.steps > MAX_STEPS) return unknown("too large to prove within the checker's budget", b[0]?.pointer ?? "");
  if (a.length === 1 && b.length === 1 && jsonEqual(a[0]!.schema, b[0]!.schema) && !hasRef(a[0]!.schema)) return PROVED;
  const key = `${a.map((l) => l.pointer).join(",")}|${b.map((l) => l.pointer).join(",")}`;
  if (ctx.assumed.has(key) || ctx.proved.has(key)) return PROVED;
  ctx.assumed.add(key);
  const mark = ctx.provedInOrder.length;
  try {
    const proof = proveConjunctions(conjunctionOf(a, ctx.sub), conjunctionOf(b, ctx.sup), ctx);
    if (proof.proved) {
      ctx.proved.add(key);
      ctx.provedInOrder.push(key);
    } else {
      // What was proved inside may rest on this pair being assumed: it is proved again if met again.
      for (const inside of ctx.provedInOrder.splice(mark)) ctx.proved.delete(inside);
    }
    return proof;
  } finally {
    ctx.assumed.delete(key);
  }
}

function proveConjunctions(a: Conjunction, b: Conjunction, ctx: Context): Proof {
  if (a.never) return PROVED;
  if (b.never) return unknown("the second is false here: it accepts no value", b.neverAt ?? b.parts[0]?.pointer ?? "");
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
          `${group.filter((keyword) => Object.hasOwn(part.schema, keyword)).join("/")} ` +
            `differs, which the checker compares only when equal`,
          childPointer(part.pointer, group.find((keyword) => Object.hasOwn(part.schema, keyword))!),
        );
    }
    // What unevaluated* allow depends on every applicator beside them: only the same schema, whole, implies it.
    if (
      WHOLE_SCHEMA_KEYWORDS.some((keyword) => Object.hasOwn(part.schema, keyword)) &&
      !a.parts.some((own) => jsonEqual(own.schema, part.schema) && !hasRef(part.schema))
    ) {
      return unknown(
        `${WHOLE_SCHEMA_KEYWORDS.filter((keyword) => Object.hasOwn(part.schema, keyword)).join("/")} ` +
          `beside other keywords, which the checker compares only in the same schema`,
        part.pointer,
      );
    }
  }
  const enumerated = keywordValues(b, "enum").concat(keywordValues(b, "const"));
  if (enumerated.length > 0)
    return unknown(
      `${enumerated[0]!.pointer.endsWith("/const") ? "const" : "enum"}: ` +
        `the second allows listed values only, the first any of a type`,
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

function describe(type: JsonType): string {
  return type === "integer"
    ? "integers"
    : type === "number"
      ? "non-integer numbers"
      : `${type === "null" ? "null" : `${type}s`}`;
}
