import path from "node:path";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../generator/generate.js";
import { schemaFingerprint } from "../../runtime/fingerprint/fingerprint.js";
import type { JsonObject, JsonValue } from "../../runtime/util/json.js";
import { PAYLOADS } from "../hostile/corpus.js";
import { removeTempProjects, tempProject, writeProjectFiles } from "../temp-project.js";
import { tsLiteral } from "../ts-literal.js";
import { typecheck } from "../typecheck.js";
import { fuzzSettings, regressionsOf } from "./fuzz-settings.js";
import { instanceOf } from "./instance-arbitrary.js";
import { compact, type Dialect, toolSchema } from "./schema-arbitrary.js";

afterAll(removeTempProjects);

const dialect = fc.constantFrom<Dialect>("2020-12", "2020-12", "draft-07");
const anySchema = dialect.chain(toolSchema);

/** Writes the tools as client-tools/tools.json of one project (reused across runs) and generates. */
function generator() {
  const cwd = tempProject({}, "gct-fuzz-");
  return async (tools: readonly JsonValue[]) => {
    writeProjectFiles(cwd, { "client-tools/tools.json": tools });
    return { cwd, result: await generate({ cwd, stubs: false, prettier: false }) };
  };
}

/** Values that have broken parsers of keywords before: odd refs, patterns, numbers and names. */
const GARBAGE = fc.oneof(
  fc.constantFrom<JsonValue>(
    "#/%",
    "#/%E0%A4%A",
    "a.json#%zz",
    "%",
    "#foo",
    "",
    "#",
    "../x.json",
    "x.json#/a",
    "http://x/y",
    "(",
    "[",
    "\\",
    -1,
    1e308,
    0.1,
    "__proto__",
    [],
    {},
    [1, "x"],
    { $ref: "#/%" },
    { $ref: "a.json#%" },
  ),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<JsonValue>,
);
const KEYWORDS = [
  "type",
  "properties",
  "required",
  "items",
  "prefixItems",
  "enum",
  "const",
  "$ref",
  "allOf",
  "anyOf",
  "oneOf",
  "additionalProperties",
  "pattern",
  "patternProperties",
  "$defs",
  "definitions",
  "minimum",
  "format",
  "$schema",
  "not",
  "if",
  "dependentSchemas",
  "unevaluatedProperties",
  "description",
];

/** A schema with garbage at one keyword, at the root or inside a property's schema. */
const brokenSchema = fc
  .tuple(anySchema, fc.constantFrom(...KEYWORDS), GARBAGE, fc.boolean())
  .map(([schema, keyword, garbage, nested]) =>
    nested
      ? compact({ ...schema, properties: compact({ a: compact({ [keyword]: garbage }) }) })
      : compact({ ...schema, [keyword]: garbage }),
  );

describe("generate() on random and broken tool schemas", () => {
  it("either generates or refuses with diagnostics naming the file: never throws", async () => {
    const run = generator();
    const spec = fc.record({
      parameters: fc.oneof(anySchema, brokenSchema, GARBAGE),
      outputSchema: fc.option(fc.oneof(anySchema, brokenSchema), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(spec, async ({ parameters, outputSchema }) => {
        const { result } = await run([compact({ name: "t", description: "d", parameters, outputSchema })]);
        if (result.diagnostics.length === 0) {
          expect(result.files.length).toBeGreaterThan(0);
          return;
        }
        expect(result.files).toEqual([]);
        for (const d of result.diagnostics) {
          expect(d.file).toBe("client-tools/tools.json");
          expect(d.message.length).toBeGreaterThan(10);
        }
      }),
      {
        ...fuzzSettings(300),
        examples: regressionsOf("never-throws") as [{ parameters: JsonValue; outputSchema: JsonValue | undefined }][],
      },
    );
  });

  it("compiles, and every instance ajv accepts is assignable to the generated types", async () => {
    const run = generator();
    const ajv = { "2020-12": new Ajv2020(AJV_OPTIONS), "draft-07": new Ajv(AJV_OPTIONS) };
    /** A schema with candidate instances built from its own keywords. */
    const withInstances = dialect
      .chain((d) => toolSchema(d, true))
      .chain((schema) =>
        fc.tuple(fc.constant(schema), fc.array(instanceOf(schema, schema), { minLength: 8, maxLength: 8 })),
      );
    const tool = fc.record({
      args: withInstances,
      result: fc.option(withInstances, { nil: undefined }),
      description: fc.constantFrom(...PAYLOADS),
    });
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(tool, { minLength: 1, maxLength: 4 }), async (tools) => {
        const specs = tools.map((t, i) =>
          compact({ name: `t${i}`, description: t.description, parameters: t.args[0], outputSchema: t.result?.[0] }),
        );
        const { cwd, result } = await run(specs);
        expect(result.diagnostics).toEqual([]);

        // The names are used in type positions only; the alias keeps G used when no instance was accepted.
        const lines = [
          'import type * as G from "./client-tools.gen/index.js";',
          "export type Names = G.ClientToolName;",
        ];
        tools.forEach((t, i) => {
          const pairs: [string, readonly [JsonObject, readonly JsonValue[]] | undefined][] = [
            ["Args", t.args],
            ["Result", t.result],
          ];
          for (const [suffix, schemaAndValues] of pairs) {
            if (schemaAndValues === undefined) continue;
            const [schema, values] = schemaAndValues;
            const validate = ajv[schema["$schema"] === undefined ? "2020-12" : "draft-07"].compile(schema);
            values
              .filter((v) => !hasProtoKey(v) && ajvAccepts(validate, v))
              .forEach((v, j) => {
                checked++;
                lines.push(`export const ${suffix.toLowerCase()}${i}_${j}: G.T${i}${suffix} = ${tsLiteral(v)};`);
                // On the wire, arguments sit beside `kind`, and an argument named kind travels as mcp_arg_kind.
                if (suffix === "Args")
                  lines.push(
                    `export const action${i}_${j}: G.ClientAction_t${i} = ${tsLiteral(onTheWire(`t${i}`, v as JsonObject))};`,
                  );
              });
          }
        });
        const files = Object.fromEntries(result.files.map((f) => [`/${path.relative(cwd, f.path)}`, f.contents]));
        const diagnostics = typecheck({ ...files, "/src/instances.ts": `${lines.join("\n")}\n` });
        expect(diagnostics, `${JSON.stringify(specs)}\n${lines.join("\n")}`).toEqual([]);
      }),
      { ...fuzzSettings(30), examples: regressionsOf("sound") as [never][] },
    );
    // The instances are built to match their schemas (about a third do): if few do, the property checks little.
    expect(checked).toBeGreaterThan(fuzzSettings(30).numRuns * 3);
  });

  it("fingerprints a schema the same whatever the order of its keys", () => {
    fc.assert(
      fc.property(anySchema, fc.integer(), (schema, seed) => {
        const shuffled = shuffleKeys(schema, random(seed)) as JsonObject;
        expect(schemaFingerprint(shuffled)).toBe(schemaFingerprint(schema));
      }),
      { ...fuzzSettings(500), examples: regressionsOf("fingerprint") as [JsonObject, number][] },
    );
  });
});

const AJV_OPTIONS = { strict: false, logger: false, validateFormats: false, ownProperties: true } as const;

/**
 * ajv 8 never applies `properties["__proto__"]` (nor, without ownProperties, `required`
 * ["__proto__"]): it accepts `{"__proto__": "x"}` against `{"type": "integer"}`. Its verdict on a
 * value with such a key proves nothing, so those values are not checked against the types.
 */
function hasProtoKey(value: JsonValue): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return (value as readonly JsonValue[]).some(hasProtoKey);
  return Object.keys(value).some((key) => key === "__proto__" || hasProtoKey((value as JsonObject)[key]!));
}

/**
 * ajv's verdict; false when its validator throws (ajv 8 does for some recursive schemas: see regressions.json), as it
 * then says nothing.
 */
function ajvAccepts(validate: (value: unknown) => boolean, value: JsonValue): boolean {
  try {
    return validate(value);
  } catch {
    return false;
  }
}

function onTheWire(name: string, args: JsonObject): JsonObject {
  return compact({
    kind: `ClientAction_${name}`,
    ...Object.fromEntries(Object.entries(args).map(([k, v]) => [k === "kind" ? "mcp_arg_kind" : k, v])),
  });
}

/** Every object's keys in a random order (arrays keep theirs: their order is part of the value). */
function shuffleKeys(value: JsonValue, next: () => number): JsonValue {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return (value as readonly JsonValue[]).map((v) => shuffleKeys(v, next));
  const keys = Object.keys(value);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [keys[i], keys[j]] = [keys[j]!, keys[i]!];
  }
  return compact(Object.fromEntries(keys.map((k) => [k, shuffleKeys((value as JsonObject)[k]!, next)])));
}

/** mulberry32: a small seeded generator, so a failing shuffle replays from its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
