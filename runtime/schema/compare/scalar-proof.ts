// Proofs for numbers and strings: bounds, multiples, lengths and formats.
import { createRequire } from "node:module";
import type { JsonValue } from "../../util/json.js";
import { allowedTypes, type Conjunction, keywordValues } from "./conjunction.js";
import { PROVED, type Proof, unknown } from "./proof.js";

export interface Bound {
  readonly value: number;
  readonly exclusive: boolean;
}

export function bound(
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
export function within(ours: Bound | undefined, theirs: Bound | undefined, lower: boolean): boolean {
  if (theirs === undefined) return true;
  if (ours === undefined) return false;
  if (ours.value !== theirs.value) return lower ? ours.value > theirs.value : ours.value < theirs.value;
  return ours.exclusive || !theirs.exclusive;
}

export function proveNumbers(type: "integer" | "number", a: Conjunction, b: Conjunction): Proof {
  for (const [inclusive, exclusive, lower] of [
    ["minimum", "exclusiveMinimum", true],
    ["maximum", "exclusiveMaximum", false],
  ] as const) {
    const theirs = bound(b, inclusive, exclusive);
    if (!within(bound(a, inclusive, exclusive), theirs, lower)) {
      const at = keywordValues(b, theirs?.exclusive === true ? exclusive : inclusive)[0]!;
      return unknown(
        `${at.pointer.slice(at.pointer.lastIndexOf("/") + 1)}: the second is ` +
          `${JSON.stringify(at.value)}, the first ${lower ? "lower or none" : "higher or none"}`,
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
  return proveNumberFormats(a, b, integers);
}

/** The formats ajv-formats checks on numbers (`float` and `double` accept every number). */
const NUMBER_FORMATS: Readonly<Record<string, "int32" | "int64" | "any">> = {
  int32: "int32",
  int64: "int64",
  float: "any",
  double: "any",
};
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

function numberFormats(c: Conjunction): Set<string> {
  const formats = new Set<string>();
  for (const { value } of keywordValues(c, "format"))
    if (typeof value === "string" && Object.hasOwn(NUMBER_FORMATS, value)) formats.add(NUMBER_FORMATS[value]!);
  return formats;
}

/** `int32` asks for a whole number within 32 bits, `int64` for a whole number: met by the same format or by bounds. */
function proveNumberFormats(a: Conjunction, b: Conjunction, integers: boolean): Proof {
  const ours = numberFormats(a);
  for (const { value, pointer } of keywordValues(b, "format")) {
    if (typeof value !== "string" || !Object.hasOwn(NUMBER_FORMATS, value)) continue;
    const format = NUMBER_FORMATS[value]!;
    if (format === "any" || ours.has("int32")) continue;
    const whole = integers || ours.has("int64");
    if (format === "int64" && whole) continue;
    const low = bound(a, "minimum", "exclusiveMinimum");
    const high = bound(a, "maximum", "exclusiveMaximum");
    const inside = (edge: Bound | undefined, limit: number, lower: boolean): boolean =>
      edge !== undefined &&
      (lower ? edge.value >= limit - (edge.exclusive ? 1 : 0) : edge.value <= limit + (edge.exclusive ? 1 : 0));
    if (whole && inside(low, INT32.min, true) && inside(high, INT32.max, false)) continue;
    return unknown(`format: the second asks for ${JSON.stringify(value)} numbers, the first does not`, pointer);
  }
  return PROVED;
}

/** As ajv checks multipleOf (multipleOfPrecision 6): a quotient within 1e-6 of a whole number counts as whole. */
export function isWhole(n: number): boolean {
  return Math.abs(n - Math.round(n)) < 1e-6;
}

export function onlyIntegers(c: Conjunction): boolean {
  const types = allowedTypes(c);
  if (!types.has("number")) return true;
  return (
    keywordValues(c, "multipleOf").some(({ value }) => typeof value === "number" && isWhole(value)) ||
    numberFormats(c).has("int32") ||
    numberFormats(c).has("int64")
  );
}

export function lengthBound(
  c: Conjunction,
  keyword: string,
  lower: boolean,
): { value: number; pointer: string } | undefined {
  let best: { value: number; pointer: string } | undefined;
  for (const { value, pointer } of keywordValues(c, keyword)) {
    if (typeof value !== "number") continue;
    if (best === undefined || (lower ? value > best.value : value < best.value)) best = { value, pointer };
  }
  return best;
}

/** minLength/maxLength and their kin: the subset side's range within the superset side's. */
export function proveRange(
  a: Conjunction,
  b: Conjunction,
  min: string,
  max: string,
  ownMin = 0,
  ownMax = Infinity,
): Proof {
  const theirMin = lengthBound(b, min, true);
  if (theirMin !== undefined && Math.max(lengthBound(a, min, true)?.value ?? 0, ownMin) < theirMin.value)
    return unknown(`${min}: the second is ${theirMin.value}, the first allows fewer`, theirMin.pointer);
  const theirMax = lengthBound(b, max, false);
  if (theirMax !== undefined && Math.min(lengthBound(a, max, false)?.value ?? Infinity, ownMax) > theirMax.value)
    return unknown(`${max}: the second is ${theirMax.value}, the first allows more`, theirMax.pointer);
  return PROVED;
}

let stringFormats: ReadonlySet<string> | undefined;

/**
 * The formats ajv-formats checks on strings (it checks the others on numbers only), read from it where a schema names a
 * format: loading it costs a comparison that meets none ~10 ms.
 */
function stringFormatNames(): ReadonlySet<string> {
  if (stringFormats === undefined) {
    const { fullFormats } = createRequire(import.meta.url)(
      "ajv-formats/dist/formats.js",
    ) as typeof import("ajv-formats/dist/formats.js");
    stringFormats = new Set(Object.keys(fullFormats).filter((name) => !Object.hasOwn(NUMBER_FORMATS, name)));
  }
  return stringFormats;
}

export function proveStrings(a: Conjunction, b: Conjunction): Proof {
  const range = proveRange(a, b, "minLength", "maxLength");
  if (!range.proved) return range;
  for (const { value, pointer } of keywordValues(b, "pattern")) {
    if (!keywordValues(a, "pattern").some((own) => own.value === value))
      return unknown("pattern: the second has one the first does not", pointer);
  }
  for (const { value, pointer } of keywordValues(b, "format")) {
    if (typeof value !== "string" || !stringFormatNames().has(value)) continue;
    if (!keywordValues(a, "format").some((own) => own.value === value))
      return unknown(`format: the second asks for ${JSON.stringify(value)}, the first does not`, pointer);
  }
  return PROVED;
}
