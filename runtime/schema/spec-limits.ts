import type { JsonObject, SpecProblem } from "../util/json.js";
import { walkSchema } from "./walk-schema.js";

/** Bounds on a spec a client sends, so that no spec can cost the server much to check, compile or hold. */
export interface SpecLimits {
  /** The spec as JSON text, in UTF-16 code units; default 256 KiB. */
  readonly maxSpecBytes: number;
  /** Schema objects in one schema (subschemas included); default 10,000. */
  readonly maxSchemaNodes: number;
  /** Entries of one `properties`; default 1,000. */
  readonly maxProperties: number;
  /** Values of one `enum`; default 1,000. */
  readonly maxEnumValues: number;
  /** Schema nodes a schema unfolds into through its `$ref`s (the work of validating one value); default 100,000. */
  readonly maxUnfoldedNodes: number;
  /**
   * What the patterns of one registration may cost to compile, in RE2 instructions as
   * `patternCost` estimates them, each distinct pattern once (a counted repetition copies what it
   * repeats); default 10,000, which compiles in about 50 ms at the slowest rate measured.
   */
  readonly maxPatternCost: number;
}

export const DEFAULT_SPEC_LIMITS: SpecLimits = {
  maxSpecBytes: 256 * 1024,
  maxSchemaNodes: 10_000,
  maxProperties: 1_000,
  maxEnumValues: 1_000,
  maxUnfoldedNodes: 100_000,
  maxPatternCost: 10_000,
};

/** Where a schema goes past the limits, each at its pointer, naming the limit and how to raise it. */
export function schemaLimitProblems(schema: JsonObject, pointer: string, limits: SpecLimits): SpecProblem[] {
  const problems: SpecProblem[] = [];
  let nodes = 0;
  walkSchema(schema, pointer, {
    keyword(key, value, kind, at) {
      if (kind === undefined) return;
      if (key === "enum" && Array.isArray(value) && value.length > limits.maxEnumValues) {
        problems.push({
          pointer: at(),
          message:
            `an enum of ${value.length} values is over the limit of ${limits.maxEnumValues} ` +
            `for specs sent at run time (the registry's limits.maxEnumValues)`,
        });
      }
      if (
        key === "properties" &&
        typeof value === "object" &&
        value !== null &&
        !Array.isArray(value) &&
        Object.keys(value).length > limits.maxProperties
      ) {
        problems.push({
          pointer: at(),
          message:
            `${Object.keys(value).length} properties are over the limit of ${limits.maxProperties} ` +
            `for specs sent at run time (the registry's limits.maxProperties)`,
        });
      }
    },
    schema() {
      nodes++;
    },
  });
  if (nodes > limits.maxSchemaNodes) {
    problems.push({
      pointer,
      message:
        `the schema has ${nodes} schema objects, over the limit of ${limits.maxSchemaNodes} ` +
        `for specs sent at run time (the registry's limits.maxSchemaNodes)`,
    });
  }
  return problems;
}
