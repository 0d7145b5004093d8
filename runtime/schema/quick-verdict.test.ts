import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../bench/corpus/random.js";
import { toolSpec } from "../../bench/corpus/tool-spec.js";
import { toolSchema } from "../../test-support/fuzz/schema-arbitrary.js";
import { hostileSpecFiles } from "../../test-support/hostile/corpus.js";
import type { JsonObject, JsonValue } from "../util/json.js";
import { metaSchemaCases } from "./__fixtures__/meta-schema-cases.js";
import { type SchemaDialect, schemaDialect } from "./dialect.js";
import { metaSchemaValidator } from "./meta-schema.js";
import { patternProblems } from "./pattern-problems.js";
import { KEYWORD_RULES, quickVerdict } from "./quick-verdict.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);

/**
 * The quick verdict may only say "valid" where ajv's validator accepts the schema and the
 * pattern check finds nothing, and "check patterns" where ajv accepts it. Where it is more
 * careful than that, it costs time, not a diagnostic; that is allowed for objects or arrays in
 * a draft-07 `enum` (whose uniqueness only ajv's deep comparison tells), and for name maps
 * with an entry called "patternProperties" (which the pattern check takes for the keyword).
 */
function expectAgreement(schema: JsonObject, dialect: SchemaDialect, label: string): void {
  const verdict = quickVerdict(schema, dialect);
  const ajv = metaSchemaValidator(dialect)(schema) === true;
  const patterns = patternProblems(schema, "").length === 0;
  const show = `${label}: ${JSON.stringify(schema)}`;
  if (verdict === "valid")
    expect({ ajv, patterns }, `"valid", wrongly: ${show}`).toEqual({ ajv: true, patterns: true });
  else if (verdict === "check patterns") {
    expect(ajv, `"check patterns" where ajv refuses: ${show}`).toBe(true);
    if (patterns)
      expect(JSON.stringify(schema), `"check patterns" for nothing: ${show}`).toContain('"patternProperties":{');
  } else if (ajv)
    expect(dialect === "draft-07" && hasCompoundEnumItem(schema), `"unsure" where ajv accepts: ${show}`).toBe(true);
}

function hasCompoundEnumItem(value: JsonValue): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.some(hasCompoundEnumItem);
  const object = value as JsonObject;
  const enumValue = object["enum"];
  if (Array.isArray(enumValue) && enumValue.some((item) => typeof item === "object" && item !== null)) return true;
  return Object.values(object).some(hasCompoundEnumItem);
}

/** Every tool schema of 300 tools of the benchmark corpus (both drafts), the examples and the hostile corpus. */
let real: { label: string; schema: JsonObject }[] | undefined;
function realSchemas(): { label: string; schema: JsonObject }[] {
  if (real !== undefined) return real;
  const schemas: { label: string; schema: JsonObject }[] = [];
  const add = (label: string, spec: unknown): void => {
    const s = spec as Record<string, JsonObject | undefined>;
    for (const key of ["parameters", "inputSchema", "outputSchema"])
      if (s[key] !== undefined) schemas.push({ label: `${label} ${key}`, schema: s[key] });
  };
  const random = new SeededRandom(7);
  for (let i = 0; i < 300; i++) add(`bench corpus tool ${i}`, toolSpec(random, i));
  for (const example of readdirSync(path.join(root, "examples"))) {
    let files: string[];
    try {
      files = readdirSync(path.join(root, "examples", example, "client-tools"));
    } catch {
      continue;
    }
    for (const file of files.filter((name) => name.endsWith(".json"))) {
      const value = JSON.parse(
        readFileSync(path.join(root, "examples", example, "client-tools", file), "utf8"),
      ) as unknown;
      const specs = Array.isArray(value)
        ? value
        : typeof value === "object" && value !== null && "client_tools" in value
          ? (value.client_tools as unknown[])
          : [value];
      for (const spec of specs) add(`examples/${example}/${file}`, spec);
    }
  }
  for (const [file, value] of Object.entries(hostileSpecFiles())) {
    const specs = Array.isArray(value)
      ? value
      : "client_tools" in (value as object)
        ? (value as { client_tools: unknown[] }).client_tools
        : [value];
    for (const spec of specs) add(`hostile ${file}`, spec);
  }
  real = schemas;
  return schemas;
}

describe("quickVerdict", () => {
  it("knows every keyword of each draft's meta-schema, and no other", () => {
    const refs = path.dirname(require.resolve("ajv/dist/refs/json-schema-draft-07.json"));
    const keywords = (files: string[]): string[] =>
      files.flatMap((file) =>
        Object.keys((JSON.parse(readFileSync(path.join(refs, file), "utf8")) as { properties: object }).properties),
      );
    const meta2020 = readdirSync(path.join(refs, "json-schema-2020-12/meta")).map(
      (file) => `json-schema-2020-12/meta/${file}`,
    );
    // `const` and `default` are `true` (anything) in both.
    const anything = ["const", "default"];
    expect([...KEYWORD_RULES["draft-07"].keys(), ...anything].sort()).toEqual(
      keywords(["json-schema-draft-07.json"]).sort(),
    );
    expect([...KEYWORD_RULES["2020-12"].keys(), ...anything].sort()).toEqual(
      keywords(["json-schema-2020-12/schema.json", ...meta2020]).sort(),
    );
  });

  it("finds every schema of the benchmark corpus, the examples and the hostile corpus valid, without ajv", () => {
    const schemas = realSchemas();
    expect(schemas.length).toBeGreaterThan(300);
    for (const { label, schema } of schemas) expect(quickVerdict(schema, schemaDialect(schema)!), label).toBe("valid");
  });

  it("agrees with ajv on every case of the check's tests", () => {
    for (const { name, schema } of metaSchemaCases) {
      const dialect = schemaDialect(schema);
      if (dialect !== undefined) expectAgreement(schema, dialect, name);
    }
  });

  it.each(["2020-12", "draft-07"] as const)("agrees with ajv on random %s schemas", (dialect) => {
    fc.assert(
      fc.property(toolSchema(dialect), (schema) => expectAgreement(schema, dialect, "random schema")),
      { seed: 20_260_101, numRuns: 300 },
    );
  });

  // One change to a valid schema: the fast path must find it wherever it is, whatever it is.
  const KEYWORDS = [...new Set([...KEYWORD_RULES["draft-07"].keys(), ...KEYWORD_RULES["2020-12"].keys()])];
  const STRINGS = [
    "object",
    "string",
    "integer",
    "float",
    "a",
    "b",
    "_x",
    "1x",
    "x#",
    "http://x/y",
    "http://x/y#frag",
    "#",
    "",
    "(",
    "\\-",
    "^a+$",
  ];
  const NUMBERS = [0, -0, 1, 2, -1, 1.5, 1e21, Number.MAX_SAFE_INTEGER + 2, Infinity, -Infinity, Number.NaN];
  const { value: replacement } = fc.letrec<{ value: JsonValue }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom<JsonValue>(...STRINGS, ...NUMBERS, true, false, null),
      fc.array(tie("value"), { maxLength: 3 }),
      fc.array(fc.constantFrom(...STRINGS), { maxLength: 20 }),
      fc.array(fc.oneof(fc.constant({}), fc.constant(true)), { maxLength: 2 }),
      fc.dictionary<JsonValue>(fc.constantFrom(...KEYWORDS, ...STRINGS, "x-ext", "const", "default"), tie("value"), {
        maxKeys: 3,
        noNullPrototype: true,
      }),
    ),
  }));

  // Each keyword with each kind of value, at the root and inside a property.
  const LONG = Array.from({ length: 20 }, (_, i) => `p${i}`);
  const VALUES: JsonValue[] = [
    ...STRINGS,
    ...NUMBERS,
    true,
    false,
    null,
    [],
    {},
    [{}],
    [true, {}],
    [{}, "x"],
    ["a"],
    ["a", "b"],
    ["a", "a"],
    ["a", 1],
    ["object", "null"],
    ["object", "object"],
    ["object", "float"],
    [1, 1],
    [1, "1"],
    [0, -0],
    [{ a: 1 }, { a: 1 }],
    [[1], [2]],
    LONG,
    [...LONG, "p3"],
    { a: {} },
    { a: true },
    { a: 1 },
    { a: "x" },
    { a: ["x"] },
    { a: ["x", "x"] },
    { a: { type: "float" } },
    { type: "float" },
    { "http://x": true },
    { "(": {} },
    { a: { pattern: "(" } },
    { a: { pattern: "^a$" } },
    { a: { default: { pattern: "(" } } },
    { pattern: "(" },
    { patternProperties: { "(": {} } },
    { default: { pattern: "(" } },
    [{ pattern: "(" }],
  ];

  it.each(["2020-12", "draft-07"] as const)(
    "agrees with ajv on every keyword with every kind of value, in %s",
    (dialect) => {
      const $schema = dialect === "draft-07" ? { $schema: "http://json-schema.org/draft-07/schema#" } : {};
      for (const keyword of [...KEYWORDS, "x-ext", "const", "default"]) {
        for (const value of VALUES) {
          const label = `${keyword}: ${JSON.stringify(value)}`;
          expectAgreement({ ...$schema, type: "object", [keyword]: value }, dialect, label);
          expectAgreement({ ...$schema, type: "object", properties: { a: { [keyword]: value } } }, dialect, label);
        }
      }
    },
  );

  it.each(["2020-12", "draft-07"] as const)(
    "agrees with ajv on %s schemas with one value replaced or one keyword added",
    (dialect) => {
      const corpus = realSchemas()
        .map(({ schema }) => schema)
        .filter((schema) => schemaDialect(schema) === dialect)
        .slice(0, 60);
      fc.assert(
        fc.property(
          fc.nat(corpus.length - 1),
          fc.nat(),
          fc.boolean(),
          fc.constantFrom(...KEYWORDS),
          replacement,
          (which, where, add, keyword, value) => {
            const schema = mutate(corpus[which]!, where, add ? keyword : undefined, value);
            expectAgreement(schema, dialect, add ? `added ${keyword}` : "replaced a value");
          },
        ),
        { seed: 20_260_101, numRuns: 2_000 },
      );
    },
  );
});

/**
 * A copy of the schema with one object or array inside it changed: the value at one of its
 * places replaced (the `where`-th, counting every value), or, with a keyword, that keyword set
 * on the `where`-th object.
 */
function mutate(schema: JsonObject, where: number, keyword: string | undefined, value: JsonValue): JsonObject {
  const copy = structuredClone(schema) as Record<string, JsonValue>;
  const places: { parent: Record<string, JsonValue> | JsonValue[]; key: string | number }[] = [];
  const objects: Record<string, JsonValue>[] = [];
  const walk = (node: JsonValue): void => {
    if (typeof node !== "object" || node === null) return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        places.push({ parent: node as JsonValue[], key: i });
        walk(item);
      });
      return;
    }
    const object = node as Record<string, JsonValue>;
    objects.push(object);
    for (const key of Object.keys(object)) {
      places.push({ parent: object, key });
      walk(object[key]!);
    }
  };
  walk(copy);
  if (keyword !== undefined) {
    const object = objects[where % objects.length]!;
    Object.defineProperty(object, keyword, { value, enumerable: true, writable: true, configurable: true });
  } else if (places.length > 0) {
    const { parent, key } = places[where % places.length]!;
    Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}
