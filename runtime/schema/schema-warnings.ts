import type { JsonObject, SpecProblem } from "../util/json.js";
import { type SchemaDialect, schemaDialect } from "./dialect.js";
import { childPointer } from "./json-pointer.js";
import { DIALECT_KEYWORDS, KNOWN_EXTENSION_KEYWORDS, KNOWN_FORMATS } from "./keywords.js";
import { walkSchema } from "./walk-schema.js";

/**
 * What a schema says that it most likely does not mean, though JSON Schema allows it: a key in a
 * keyword position that is a near miss of a keyword of the schema's dialect (`"requried"`: an
 * unknown keyword is ignored, so the arguments became optional), a `format` that is a near miss
 * of a known one (an unknown format checks nothing), and a `required` name that a closed object
 * can never hold. Keys are keywords only where a schema is: never the names under `properties`,
 * `$defs` or `patternProperties`, never inside `const`, `enum`, `default` or `examples`, never
 * inside an unknown keyword. `x-*` keys and other vocabularies' keywords (OpenAPI's, older
 * drafts') are never taken for misspellings.
 */
export function schemaWarnings(schema: JsonObject, pointer: string): SpecProblem[] {
  const warnings: SpecProblem[] = [];
  const dialect = schemaDialect(schema) ?? "2020-12";
  walkSchema(schema, pointer, {
    keyword(key, value, kind, at) {
      if (kind === undefined) {
        if (key.startsWith("x-") || KNOWN_EXTENSION_KEYWORDS.has(key)) return;
        const meant = nearMiss(key, KEYWORD_NAMES[dialect]);
        if (meant !== undefined)
          warnings.push({
            pointer: at(),
            message:
              `unknown keyword ${JSON.stringify(key)}: did you mean ${JSON.stringify(meant)}? ` +
              `(JSON Schema ignores unknown keywords, so this one has no effect)`,
          });
      } else if (key === "format" && typeof value === "string" && !KNOWN_FORMATS.includes(value)) {
        const meant = nearMiss(value, KNOWN_FORMATS);
        if (meant !== undefined)
          warnings.push({
            pointer: at(),
            message:
              `unknown format ${JSON.stringify(value)}: did you mean ` +
              `${JSON.stringify(meant)}? (an unknown format checks nothing)`,
          });
      }
    },
    schema(object, at) {
      if (object["additionalProperties"] === false) unreachableRequired(object, at, warnings);
    },
  });
  return warnings;
}

const KEYWORD_NAMES: Readonly<Record<SchemaDialect, readonly string[]>> = {
  "draft-07": Object.keys(DIALECT_KEYWORDS["draft-07"]),
  "2020-12": Object.keys(DIALECT_KEYWORDS["2020-12"]),
};

/**
 * A `required` name that `"additionalProperties": false` shuts out: not in `properties`, and no `patternProperties`
 * could admit it.
 */
function unreachableRequired(schema: JsonObject, at: () => string, warnings: SpecProblem[]): void {
  const { required, properties, patternProperties } = schema;
  if (patternProperties !== undefined || !Array.isArray(required)) return;
  const declared =
    typeof properties === "object" && properties !== null && !Array.isArray(properties) ? Object.keys(properties) : [];
  required.forEach((name, i) => {
    if (typeof name !== "string" || declared.includes(name)) return;
    const meant = nearMiss(name, declared);
    warnings.push({
      pointer: childPointer(childPointer(at(), "required"), i),
      message:
        `required property ${JSON.stringify(name)} can never be present: the object is closed ("additionalProperties": false) and ` +
        `"properties" has no ${JSON.stringify(name)}${meant === undefined ? '; add it to "properties", or remove it from "required"' : `; did you mean ${JSON.stringify(meant)}?`}`,
    });
  });
}

/**
 * The candidate `word` most likely misspells: the same but for letter case, `-` and `_`, or
 * within one edit of that (two for words of eight letters or more), counting a swap of two
 * neighbours as one. Words of three letters or fewer are too short to tell.
 */
export function nearMiss(word: string, candidates: readonly string[]): string | undefined {
  if (word.length <= 3) return undefined;
  const normal = normalize(word);
  const alike = candidates.find((candidate) => normalize(candidate) === normal);
  if (alike !== undefined) return alike === word ? undefined : alike;
  const limit = normal.length >= 8 ? 2 : 1;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const other = normalize(candidate);
    if (other.length <= 3 || Math.abs(other.length - normal.length) > limit) continue;
    const distance = swapEditDistance(normal, other, limit);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

const normalize = (word: string): string => word.toLowerCase().replace(/[-_]/g, "");

/**
 * Edits (insert, delete, replace, swap of neighbours) from `a` to `b`; anything above `limit` comes back as limit + 1.
 */
function swapEditDistance(a: string, b: string, limit: number): number {
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, beforePrevious[j - 2]! + 1);
      current[j] = d;
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > limit) return limit + 1;
    [beforePrevious, previous] = [previous, current];
  }
  return Math.min(previous[b.length]!, limit + 1);
}
