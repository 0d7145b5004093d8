import { Ajv, type AnySchema } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuzzSettings, regressionsOf } from "../../../test-support/fuzz/fuzz-settings.js";
import { instanceOf } from "../../../test-support/fuzz/instance-arbitrary.js";
import { type Dialect, toolSchema } from "../../../test-support/fuzz/schema-arbitrary.js";
import type { JsonObject, JsonValue } from "../../util/json.js";
import { VALIDATION_OPTIONS } from "../ajv-options.js";
import { withProtoProperties } from "../proto-properties.js";
import { compareSchemas } from "./compare-schemas.js";

// The checker against ajv on random schemas and random changes to them: a relation it proves is
// never disproved by a sampled value, and a witness it gives is always one.

const JUDGE = { ...VALIDATION_OPTIONS, formats: fullFormats, logger: false, ownProperties: true } as const;

function judge(schema: JsonObject): ((value: JsonValue) => boolean | undefined) | undefined {
  try {
    const validate = (schema["$schema"] === undefined ? new Ajv2020(JUDGE) : new Ajv(JUDGE)).compile(
      withProtoProperties(schema) as AnySchema,
    );
    return (value) => {
      try {
        return validate(value) === true;
      } catch {
        // ajv itself fails on some schemas naming __proto__ beside unevaluated keywords: such a value judges nothing.
        return undefined;
      }
    };
  } catch {
    return undefined;
  }
}

type Mutation = (schema: JsonObject, name: string) => JsonObject;

const properties = (schema: JsonObject): Record<string, JsonValue> => ({
  ...((schema["properties"] as Record<string, JsonValue> | undefined) ?? {}),
});
const withProperty = (schema: JsonObject, name: string, value: JsonValue | undefined): JsonObject => {
  const next = properties(schema);
  if (value === undefined) delete next[name];
  else Object.defineProperty(next, name, { value, enumerable: true, writable: true, configurable: true });
  return { ...schema, properties: next };
};
/** A schema with a `type` that is not "null" and lists no null: where ajv takes `nullable`. */
const isTyped = (schema: JsonValue | undefined): schema is JsonObject =>
  typeof schema === "object" &&
  schema !== null &&
  !Array.isArray(schema) &&
  typeof (schema as JsonObject)["type"] === "string" &&
  (schema as JsonObject)["type"] !== "null";
/** The schema with a number format beside its own keywords (ajv checks it on numbers only). */
const withFormat = (schema: JsonValue | undefined, format: string): JsonValue =>
  typeof schema === "object" && schema !== null && !Array.isArray(schema)
    ? { ...schema, format }
    : { type: "number", format };
const required = (schema: JsonObject): string[] =>
  Array.isArray(schema["required"]) ? (schema["required"] as string[]) : [];

/** Changes a tool makes to its parameters from one version to the next. */
const MUTATIONS: Record<string, Mutation> = {
  "widen: a property also takes null": (s, n) =>
    withProperty(s, n, { anyOf: [properties(s)[n] ?? true, { type: "null" }] }),
  "widen: a property no longer required": (s, n) => ({ ...s, required: required(s).filter((r) => r !== n) }),
  "widen: extra properties allowed": (s) => ({ ...s, additionalProperties: true }),
  "narrow: a property required": (s, n) => ({ ...s, required: [...new Set([...required(s), n])] }),
  "narrow: a property limited to short strings": (s, n) => withProperty(s, n, { type: "string", maxLength: 1 }),
  "narrow: no extra properties": (s) => ({ ...s, additionalProperties: false }),
  "rename: a property under another name": (s, n) =>
    withProperty(withProperty(s, n, undefined), `${n}_renamed`, properties(s)[n] ?? true),
  "retype: a property becomes an integer": (s, n) => withProperty(s, n, { type: "integer", minimum: 0 }),
  "narrow: a property's numbers 32-bit integers": (s, n) => withProperty(s, n, withFormat(properties(s)[n], "int32")),
  "narrow: a property's numbers whole (int64)": (s, n) => withProperty(s, n, withFormat(properties(s)[n], "int64")),
  "widen: a typed property also takes null (OpenAPI's nullable)": (s, n) => {
    const own = properties(s)[n];
    return withProperty(s, n, isTyped(own) ? { ...own, nullable: true } : { type: "string", nullable: true });
  },
  "retype: a typed property says nullable: false": (s, n) => {
    const own = properties(s)[n];
    return withProperty(s, n, isTyped(own) ? { ...own, nullable: false } : { type: "number" });
  },
  "retype: a property becomes a list": (s, n) => withProperty(s, n, { type: "array", items: properties(s)[n] ?? true }),
};

const change = fc.record({
  dialect: fc.constantFrom<Dialect>("2020-12", "draft-07"),
  // A change made before the one compared: the schema a version had after an earlier edit.
  before: fc.option(fc.constantFrom(...Object.keys(MUTATIONS)), { nil: undefined }),
  mutation: fc.constantFrom(...Object.keys(MUTATIONS)),
  name: fc.constantFrom("a", "b", "kind"),
  seed: fc.integer({ min: 0, max: 2 ** 30 }),
});

describe("compareSchemas against ajv", () => {
  it("never proves a relation that a sampled value disproves, and every witness is one", () => {
    let proved = 0;
    let disproved = 0;
    fc.assert(
      fc.property(
        change.chain((c) => fc.tuple(fc.constant(c), toolSchema(c.dialect, true))),
        ([{ before, mutation, name, seed }, drawn]) => {
          const schema = before === undefined ? drawn : MUTATIONS[before]!(drawn, name);
          const next = MUTATIONS[mutation]!(schema, name);
          const validOld = judge(schema);
          const validNew = judge(next);
          fc.pre(validOld !== undefined && validNew !== undefined);
          const comparison = compareSchemas(schema, next);
          for (const [relation, first, isFirst, isSecond] of [
            [comparison.oldInNew, schema, validOld!, validNew!],
            [comparison.newInOld, next, validNew!, validOld!],
          ] as const) {
            if (relation.holds === false) {
              disproved++;
              expect(isFirst(relation.witness), `witness ${JSON.stringify(relation.witness)} under the first`).toBe(
                true,
              );
              expect(isSecond(relation.witness), `witness ${JSON.stringify(relation.witness)} under the second`).toBe(
                false,
              );
            } else if (relation.holds === true) {
              proved++;
              for (const value of fc.sample(instanceOf(first, first), { numRuns: 40, seed })) {
                if (isFirst(value) === true)
                  expect(isSecond(value), `${JSON.stringify(value)} disproves a proved relation`).not.toBe(false);
              }
            }
          }
        },
      ),
      {
        ...fuzzSettings(60),
        examples: regressionsOf("compare-sound") as [
          [
            { dialect: Dialect; before: string | undefined; mutation: string; name: "a" | "b" | "kind"; seed: number },
            JsonObject,
          ],
        ][],
      },
    );
    // The property has something to check in both directions.
    expect(proved).toBeGreaterThan(0);
    expect(disproved).toBeGreaterThan(0);
  });
});
