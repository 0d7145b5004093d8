import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../bench/corpus/random.js";
import { sampleValue } from "../../bench/corpus/sample-value.js";
import { toolSpec } from "../../bench/corpus/tool-spec.js";
import { VALIDATION_OPTIONS } from "../schema/ajv-options.js";
import { schemaDialect } from "../schema/dialect.js";
import { resolveLocal } from "../schema/ref-tokens.js";
import { isObjectSchema, own } from "../schema/subschemas.js";
import { parseClientToolSpecs } from "../tool-spec/parse.js";
import { isJsonObject } from "../util/guards.js";
import type { JsonObject, JsonValue } from "../util/json.js";
import { exportClientTools } from "./export-client-tools.js";
import { analyzeStrictCompatibility, type StrictModeTarget } from "./strict.js";
import { fromStrictArguments } from "./strict-arguments.js";
import { branchHolds, compileStrictVariant } from "./strict-compile.js";

const root = path.resolve(import.meta.dirname, "../..");
const exampleSpecs = readdirSync(path.join(root, "examples"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) => {
    const folder = path.join(root, "examples", entry.name, "client-tools");
    try {
      return readdirSync(folder)
        .filter((file) => file.endsWith(".json"))
        .flatMap((file) => parseClientToolSpecs(JSON.parse(readFileSync(path.join(folder, file), "utf8"))));
    } catch {
      return [];
    }
  });
const random = new SeededRandom(19);
const corpus = [...exampleSpecs, ...parseClientToolSpecs(Array.from({ length: 60 }, (_, i) => toolSpec(random, i)))];
const TARGETS: readonly StrictModeTarget[] = ["openai", "anthropic"];

const ajvs = {
  "draft-07": new Ajv({ ...VALIDATION_OPTIONS, formats: fullFormats }),
  "2020-12": new Ajv2020({ ...VALIDATION_OPTIONS, formats: fullFormats }),
};
const validatorOf = (schema: JsonObject, dialectOf: JsonObject = schema) =>
  ajvs[schemaDialect(dialectOf) ?? "2020-12"].compile(schema);

describe('strict: "compile"', () => {
  it("gives every tool of the examples and a seeded corpus a variant that passes its provider's checker, or the reasons it cannot", () => {
    let compiled = 0;
    for (const spec of corpus) {
      for (const target of TARGETS) {
        const compilation = compileStrictVariant(spec.parameters, target);
        if (compilation.kind === "compiled") {
          compiled++;
          expect(analyzeStrictCompatibility(compilation.schema, target), `${spec.name} for ${target}`).toEqual([]);
          expect(compilation.changes.length).toBeGreaterThan(0);
        }
        if (compilation.kind === "refused") expect(compilation.problems.length).toBeGreaterThan(0);
      }
    }
    // The corpus is written the way users write schemas: most of it needs a variant, and gets one.
    expect(compiled).toBeGreaterThan(corpus.length / 2);
  });

  it("round-trips every valid instance of a compiled original: to the variant's shape, valid there, and back to the very instance", () => {
    const tried: string[] = [];
    for (const spec of corpus) {
      for (const target of TARGETS) {
        const compilation = compileStrictVariant(spec.parameters, target);
        if (compilation.kind !== "compiled") continue;
        const validOriginal = validatorOf(spec.parameters);
        // The sample generator knows the corpus's vocabulary; a tool it cannot fill is counted out below.
        if (validOriginal(sampleValue(spec.parameters)) !== true) continue;
        tried.push(`${spec.name}/${target}`);
        const validVariant = validatorOf(compilation.schema, spec.parameters);
        fc.assert(
          fc.property(fc.array(fc.boolean(), { minLength: 256, maxLength: 256 }), (drops) => {
            // A valid instance: the corpus's sample with optional properties left out as the booleans say.
            const instance = dropOptional(
              spec.parameters,
              sampleValue(spec.parameters),
              spec.parameters,
              drops[Symbol.iterator](),
            );
            fc.pre(validOriginal(instance) === true);
            const strict = target === "openai" ? toStrictShape(spec.parameters, instance, spec.parameters) : instance;
            expect(validVariant(strict), `${spec.name} for ${target}: ${JSON.stringify(validVariant.errors)}`).toBe(
              true,
            );
            expect(fromStrictArguments(spec, target, strict)).toEqual(instance);
          }),
          { numRuns: 25, seed: 19 },
        );
      }
    }
    expect(tried.length).toBeGreaterThan(corpus.length);
  });

  it("makes optional properties required and nullable at their use, closes objects, moves refused keywords to the description and reports each change", () => {
    const [spec] = parseClientToolSpecs([
      {
        name: "book",
        description: "Book a room.",
        parameters: {
          type: "object",
          properties: {
            room: { type: "string", minLength: 1, description: "The room." },
            nights: { type: "integer", minimum: 1 },
            guest: { $ref: "#/$defs/person" },
            partner: { $ref: "#/$defs/person" },
            kind: { oneOf: [{ const: "single" }, { const: "double" }] },
          },
          required: ["room", "guest"],
          $defs: {
            person: {
              type: "object",
              properties: { name: { type: "string" } },
              required: ["name"],
              default: { name: "x" },
            },
          },
        },
      },
    ]);
    const compilation = compileStrictVariant(spec!.parameters, "openai");
    expect(compilation.kind).toBe("compiled");
    if (compilation.kind !== "compiled") return;
    expect(compilation.schema).toEqual({
      type: "object",
      properties: {
        room: { type: "string", description: "The room. (minLength: 1)" },
        nights: { anyOf: [{ type: "integer", minimum: 1 }, { type: "null" }] },
        guest: { $ref: "#/$defs/person" },
        // One definition serves the required and the optional place: the null is at the use.
        partner: { anyOf: [{ $ref: "#/$defs/person" }, { type: "null" }] },
        kind: { anyOf: [{ anyOf: [{ const: "single" }, { const: "double" }] }, { type: "null" }] },
      },
      required: ["room", "nights", "guest", "partner", "kind"],
      $defs: {
        person: {
          type: "object",
          properties: { name: { type: "string" } },
          required: ["name"],
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    });
    expect(compilation.changes).toEqual(
      expect.arrayContaining([
        { pointer: "/properties/room/minLength", keyword: "minLength", change: "moved to the description" },
        {
          pointer: "/properties/nights",
          keyword: "required",
          change: "made required and nullable: null stands for absent",
        },
        { pointer: "/properties/kind/oneOf", keyword: "oneOf", change: expect.stringContaining("became anyOf") },
        { pointer: "/$defs/person/default", keyword: "default", change: "dropped" },
        { pointer: "", keyword: "additionalProperties", change: expect.stringContaining("closed") },
      ]),
    );
    expect(
      fromStrictArguments(spec!, "openai", {
        room: "12",
        nights: null,
        guest: { name: "Ann" },
        partner: null,
        kind: "single",
      }),
    ).toEqual({ room: "12", guest: { name: "Ann" }, kind: "single" });
  });

  it("refuses, and leaves non-strict, what it could not map back with certainty or cannot close", () => {
    const refusal = (parameters: JsonObject) => {
      const compilation = compileStrictVariant(parameters, "openai");
      return compilation.kind === "refused" ? compilation.problems.map((problem) => problem.pointer) : compilation.kind;
    };
    expect(refusal({ type: "object", properties: { note: { type: ["string", "null"] } } })).toEqual([
      "/properties/note",
    ]);
    expect(refusal({ type: "object", properties: { any: { description: "anything" } } })).toEqual(["/properties/any"]);
    expect(
      refusal({
        type: "object",
        properties: { map: { type: "object", additionalProperties: { type: "string" } } },
        required: ["map"],
      }),
    ).toEqual(["/properties/map/additionalProperties"]);
    expect(
      refusal({
        type: "object",
        properties: {
          pick: {
            anyOf: [
              { type: "object", properties: { a: { type: "string" } } },
              { type: "object", properties: { b: { type: "string" } } },
            ],
          },
        },
        required: ["pick"],
      }),
    ).toEqual(["/properties/pick/anyOf"]);
    expect(
      refusal({ type: "object", properties: { both: { allOf: [{ type: "string" }] } }, required: ["both"] }),
    ).toEqual(["/properties/both/allOf"]);
    expect(
      refusal({
        type: "object",
        properties: { pair: { type: "array", prefixItems: [{ type: "string" }] } },
        required: ["pair"],
      }),
    ).toEqual(["/properties/pair/prefixItems"]);
    expect(
      refusal({ type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false }),
    ).toBe("as-is");
  });

  it("in an export: compiled tools strict with their changes listed, the others as they qualify or with the reasons, the identity the spec's", () => {
    const [plain, open, map] = parseClientToolSpecs([
      {
        name: "plain",
        description: "Qualifies.",
        parameters: {
          type: "object",
          properties: { a: { type: "string" } },
          required: ["a"],
          additionalProperties: false,
        },
      },
      {
        name: "open",
        description: "Needs a variant.",
        parameters: {
          type: "object",
          properties: { a: { type: "string", maxLength: 9 }, b: { type: "number" } },
          required: ["a"],
        },
      },
      {
        name: "map",
        description: "No variant.",
        parameters: {
          type: "object",
          properties: { tags: { type: "object", additionalProperties: { type: "string" } } },
        },
      },
    ]);
    const exported = exportClientTools([plain!, open!, map!], "openai-responses", { strict: "compile", summary: true });
    expect(exported.tools.map((tool) => [tool.name, tool.strict])).toEqual([
      ["plain", true],
      ["open", true],
      ["map", false],
    ]);
    expect(exported.compiled.map((entry) => entry.tool)).toEqual(["open"]);
    expect(exported.tools[1]!.parameters).toMatchObject({
      required: ["a", "b", "summary"],
      properties: { b: { anyOf: [{ type: "number" }, { type: "null" }] } },
    });
    expect(exported.warnings).toEqual([
      {
        tool: "map",
        pointer: "/parameters/properties/tags/additionalProperties",
        message: expect.stringMatching(/^exported without strict mode: no strict variant: .*cannot be closed/),
      },
    ]);
    expect(exported.fromStrictArguments("open", { a: "x", b: null, summary: null })).toEqual({ a: "x", summary: null });
    expect(exported.fromStrictArguments("plain", { a: "x" })).toEqual({ a: "x" });
    // The spec is what the registry holds: the variant is never stored.
    expect(open!.parameters).toEqual({
      type: "object",
      properties: { a: { type: "string", maxLength: 9 }, b: { type: "number" } },
      required: ["a"],
    });
  });
});

/**
 * The instance with each optional property left out when the next boolean says so (recursively, as
 * `fromStrictArguments` walks).
 */
function dropOptional(
  schema: JsonValue | undefined,
  value: JsonValue,
  rootSchema: JsonObject,
  drops: Iterator<boolean>,
): JsonValue {
  return walk(schema, value, rootSchema, (object, name, required) =>
    !required && drops.next().value === true ? undefined : object[name]!,
  );
}

/** What the model sends under the OpenAI variant: every optional property present, null where it was absent. */
function toStrictShape(schema: JsonObject, value: JsonValue, rootSchema: JsonObject): JsonValue {
  return walk(schema, value, rootSchema, (object, name) => (Object.hasOwn(object, name) ? object[name]! : null), true);
}

/**
 * Walks a value beside its schema as the mapping back does ($ref, the branch of anyOf / oneOf that
 * can hold the value, items, properties), rebuilding each object property by property with `pick`.
 */
function walk(
  schema: JsonValue | undefined,
  value: JsonValue,
  rootSchema: JsonObject,
  pick: (object: JsonObject, name: string, required: boolean) => JsonValue | undefined,
  everyProperty = false,
): JsonValue {
  if (!isJsonObject(schema)) return value;
  const ref = own(schema, "$ref");
  if (typeof ref === "string") return walk(resolveLocal(rootSchema, ref), value, rootSchema, pick, everyProperty);
  const kind = Array.isArray(value) ? "array" : isJsonObject(value) ? "object" : undefined;
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = own(schema, keyword);
    if (Array.isArray(branches) && kind !== undefined) {
      const branch = branches.find((candidate) => branchHolds(candidate, kind));
      if (branch !== undefined) return walk(branch, value, rootSchema, pick, everyProperty);
    }
  }
  if (Array.isArray(value)) {
    const items = own(schema, "items");
    return isJsonObject(items) ? value.map((item) => walk(items, item, rootSchema, pick, everyProperty)) : value;
  }
  if (!isJsonObject(value) || !isObjectSchema(schema)) return value;
  const properties = (own(schema, "properties") ?? {}) as JsonObject;
  const required = new Set((own(schema, "required") ?? []) as string[]);
  const out: { [key: string]: JsonValue } = {};
  const names = everyProperty ? Object.keys(properties) : Object.keys(value);
  for (const name of names) {
    const picked = pick(value, name, required.has(name));
    if (picked === undefined) continue;
    out[name] =
      picked === null && !Object.hasOwn(value, name)
        ? null
        : walk(properties[name], picked, rootSchema, pick, everyProperty);
  }
  return out;
}
