// Sample numbers and strings for the witness search: at the edges of both schemas' bounds, in each format.
import { type Conjunction, keywordValues, patternMatches } from "./conjunction.js";
import type { Hints } from "./witness-hints.js";

/** How many samples of one subschema the search keeps. */
export const SAMPLES_PER_SCHEMA = 12;

/**
 * The values that meet these checks first, the others after: a part built from the first ones is then likely valid too.
 */
export function meetingFirst<T>(values: Iterable<T>, meets: (value: T) => boolean): T[] {
  const all = [...values];
  return [...all.filter(meets), ...all.filter((value) => !meets(value))];
}

export function numbers(c: Conjunction, hints: Hints, integers: boolean): number[] {
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

export function strings(c: Conjunction, hints: Hints): string[] {
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
