import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type GenerateResult, generate } from "../../generator/generate.js";
import { MAX_SCHEMA_DEPTH } from "../../runtime/tool-spec/schema-depth.js";
import { growthRatio, LINEAR_BOUND } from "../growth.js";
import { removeTempProjects, tempProject } from "../temp-project.js";
import { typecheck } from "../typecheck.js";

/**
 * Huge, deep, cyclic and malformed input through generate(): each run either produces code
 * that compiles or stops with diagnostics naming the file and the place, and its time grows
 * linearly with the size of the input. (The CLI's exit codes and messages for the cases that
 * need a real process, such as a pipe that must never be read, are in cli/main.test.ts.)
 */
afterAll(removeTempProjects);

const tool = (parameters: unknown, name = "t") => ({ name, description: "d", parameters });

/** A project with these spec files under client-tools/. */
function specProject(files: Record<string, unknown>): string {
  return tempProject(Object.fromEntries(Object.entries(files).map(([name, value]) => [`client-tools/${name}`, value])));
}

const run = (cwd: string): Promise<GenerateResult> => generate({ cwd, stubs: false, prettier: false });

/** Generates, expecting success, and type-checks all the output. */
async function expectCompiles(cwd: string): Promise<GenerateResult> {
  const result = await run(cwd);
  expect(result.diagnostics).toEqual([]);
  expect(
    typecheck(Object.fromEntries(result.files.map((f) => [`/${path.relative(cwd, f.path)}`, f.contents]))),
  ).toEqual([]);
  return result;
}

/** The time of generate() on `files(n)` against `files(4n)`: linear, not worse. */
async function expectLinear(files: (n: number) => Record<string, unknown>, n: number): Promise<void> {
  const ratio = await growthRatio((size) => {
    const cwd = specProject(files(size));
    return () => run(cwd);
  }, n);
  expect(ratio).toBeLessThan(LINEAR_BOUND);
}

const nested = (depth: number): unknown =>
  depth === 0 ? { type: "string" } : { type: "object", properties: { a: nested(depth - 1) } };
const wide = (n: number) => ({
  type: "object",
  properties: Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`p${i}`, { type: "integer", description: `property ${i}` }]),
  ),
});
const enumOf = (n: number) => ({
  type: "object",
  properties: { e: { enum: Array.from({ length: n }, (_, i) => `value ${i}`) } },
  required: ["e"],
});
/** A chain of n definitions, each holding the next through a property, the last the first: recursive, and guarded. */
const refChain = (n: number) => ({
  type: "object",
  properties: { head: { $ref: "#/$defs/d0" } },
  $defs: Object.fromEntries(
    Array.from({ length: n }, (_, i) => [
      `d${i}`,
      { type: "object", properties: { next: { $ref: `#/$defs/d${(i + 1) % n}` } } },
    ]),
  ),
});

describe("deep nesting", () => {
  // Each level of `properties` is two levels of JSON.
  const deepest = Math.floor((MAX_SCHEMA_DEPTH - 1) / 2);

  it("at the deepest the generator accepts, compiles", async () => {
    await expectCompiles(specProject({ "t.json": tool(nested(deepest)) }));
  });

  it("500 levels: refused at the first level too deep, with the fix", async () => {
    const { diagnostics } = await run(specProject({ "t.json": tool(nested(500)) }));
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      file: "client-tools/t.json",
      line: expect.any(Number) as number,
      pointer: `/parameters${"/properties/a".repeat(deepest + 1)}`,
    });
    expect(diagnostics[0]!.message).toContain(`nests objects and arrays more than ${MAX_SCHEMA_DEPTH} levels deep`);
    expect(diagnostics[0]!.message).toContain('move inner schemas into "$defs" and point at them with "$ref"');
  });

  it("takes time linear in the depth", async () => {
    // Written compact: indented, a file's size would grow with the square of its depth.
    await expectLinear((n) => ({ "t.json": JSON.stringify(tool(nested(n))) }), 180);
  });
});

describe("wide input", () => {
  it("10,000 properties compile, in time linear in the count", async () => {
    await expectCompiles(specProject({ "t.json": tool(wide(10_000)) }));
    await expectLinear((n) => ({ "t.json": tool(wide(n)) }), 2_500);
  });

  it("a 10,000-value enum compiles, in time linear in the count", async () => {
    const result = await expectCompiles(specProject({ "t.json": tool(enumOf(10_000)) }));
    expect(result.files.find((f) => f.path.endsWith("types.ts"))!.contents).toContain('e: "value 0" | "value 1" |');
    await expectLinear((n) => ({ "t.json": tool(enumOf(n)) }), 2_500);
  });
});

describe("a 20 MB spec file", () => {
  const MB = 1024 * 1024;
  /** An array of tools of about `bytes` bytes of JSON (each tool about 10 KB). */
  const toolsOfSize = (bytes: number) =>
    Array.from({ length: Math.round(bytes / (10 * 1024)) }, (_, i) =>
      tool(
        {
          type: "object",
          properties: Object.fromEntries(
            Array.from({ length: 40 }, (_, j) => [`p${j}`, { type: "string", description: "y".repeat(200) }]),
          ),
        },
        `tool_${i}`,
      ),
    );

  it("of 2,000 tools generates, in time linear in the size (timed at 1.25 and 5 MB)", async () => {
    const cwd = specProject({ "tools.json": toolsOfSize(20 * MB) });
    const result = await run(cwd);
    expect(result.diagnostics).toEqual([]);
    expect(result.toolCount).toBe(2048);
    await expectLinear((n) => ({ "tools.json": toolsOfSize(n) }), 1.25 * MB);
  });

  it("holding one 20 MB description compiles", async () => {
    await expectCompiles(specProject({ "t.json": { name: "t", description: "x".repeat(20 * MB) } }));
  });
});

describe("recursive $refs", () => {
  it('recursive, mutually recursive, through $ref "#" and through a file: all compile', async () => {
    await expectCompiles(
      specProject({
        "tree.json": tool(
          {
            type: "object",
            properties: { root: { $ref: "#/$defs/node" } },
            $defs: {
              node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/node" } } } },
            },
          },
          "tree",
        ),
        "mutual.json": tool(
          {
            type: "object",
            properties: { a: { $ref: "#/$defs/a" } },
            $defs: {
              a: { type: "object", properties: { b: { $ref: "#/$defs/b" } } },
              b: { anyOf: [{ type: "null" }, { $ref: "#/$defs/a" }] },
            },
          },
          "mutual",
        ),
        "root.json": tool({ type: "object", properties: { self: { $ref: "#" } } }, "root"),
        "files.json": tool({ type: "object", properties: { a: { $ref: "./shared/a.json" } } }, "files"),
        "shared/a.json": { type: "object", properties: { b: { $ref: "./b.json" } } },
        "shared/b.json": { type: "object", properties: { a: { $ref: "./a.json" } } },
      }),
    );
  });

  it("a chain of definitions takes time linear in its length", async () => {
    await expectLinear((n) => ({ "t.json": tool(refChain(n)) }), 500);
  });

  it.each([
    [
      "a cycle through allOf",
      {
        type: "object",
        properties: { a: { $ref: "#/$defs/a" } },
        $defs: { a: { allOf: [{ $ref: "#/$defs/b" }] }, b: { allOf: [{ $ref: "#/$defs/a" }] } },
      },
      "/parameters/$defs/b/allOf/0/$ref",
    ],
    [
      "a $ref to itself",
      { type: "object", properties: { a: { $ref: "#/$defs/a" } }, $defs: { a: { $ref: "#/$defs/a" } } },
      "/parameters/$defs/a/$ref",
    ],
    ['allOf: [{ $ref: "#" }] at the root', { type: "object", allOf: [{ $ref: "#" }] }, "/parameters/allOf/0/$ref"],
  ])(
    "%s: refused at the $ref closing it, which would send a validator round forever",
    async (_, parameters, pointer) => {
      const { diagnostics } = await run(specProject({ "t.json": tool(parameters) }));
      expect(diagnostics).toEqual([
        expect.objectContaining({
          file: "client-tools/t.json",
          line: expect.any(Number) as number,
          pointer,
          message: expect.stringContaining("never steps into the value") as string,
        }),
      ]);
    },
  );

  it('$ref: "#" as the whole parameters schema: refused as a root that is not an object schema', async () => {
    const { diagnostics } = await run(specProject({ "t.json": tool({ $ref: "#" }) }));
    expect(diagnostics).toEqual([
      expect.objectContaining({
        pointer: "/parameters",
        message: expect.stringContaining("the root of a tool schema must be an object schema") as string,
      }),
    ]);
  });
});

describe("malformed files", () => {
  it("a byte-order mark, in a spec and in a file a $ref names, is skipped", async () => {
    const cwd = specProject({
      "t.json": `\uFEFF${JSON.stringify(tool({ type: "object", properties: { p: { $ref: "./shared/p.json" } } }))}`,
      "shared/p.json": '\uFEFF{"type": "string"}',
    });
    const result = await expectCompiles(cwd);
    // The referenced file's schema, read past its byte-order mark, is the property's type.
    const types = result.files.find((f) => f.path.endsWith("types.ts"))!.contents;
    expect(types).toContain("p?: TArgs_shared$2Fp$2Ejson;");
    expect(types).toContain("export type TArgs_shared$2Fp$2Ejson = string;");
  });

  it("duplicate keys in a file a $ref names: refused at the $ref, naming both places in that file", async () => {
    const cwd = specProject({
      "t.json": tool({ type: "object", properties: { p: { $ref: "./shared/p.json" } } }),
      "shared/p.json": '{\n  "type": "string",\n  "type": "number"\n}',
    });
    const { diagnostics } = await run(cwd);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        file: "client-tools/t.json",
        pointer: "/parameters/properties/p/$ref",
        message:
          'cannot resolve $ref "./shared/p.json": client-tools/shared/p.json:3:3: invalid JSON: duplicate key "type": JSON readers would silently keep only the last one; remove one of them (first at client-tools/shared/p.json:2:3)',
      }),
    ]);
  });

  it("a number that overflows to Infinity: refused at its line and column", async () => {
    const { diagnostics } = await run(
      specProject({
        "t.json":
          '{\n  "name": "t",\n  "description": "d",\n  "parameters": {"type": "object", "maxProperties": 1e999}\n}',
      }),
    );
    expect(diagnostics).toEqual([
      {
        file: "client-tools/t.json",
        line: 4,
        column: 53,
        message: expect.stringContaining("invalid JSON: the number 1e999 is too large for a 64-bit float") as string,
      },
    ]);
  });

  it("an empty file a $ref names: refused at the $ref, naming that file", async () => {
    const { diagnostics } = await run(
      specProject({
        "t.json": tool({ type: "object", properties: { p: { $ref: "./shared/p.json" } } }),
        "shared/p.json": "",
      }),
    );
    expect(diagnostics).toEqual([
      expect.objectContaining({
        pointer: "/parameters/properties/p/$ref",
        message: expect.stringContaining("client-tools/shared/p.json:1:1: invalid JSON: the file is empty") as string,
      }),
    ]);
  });
});
