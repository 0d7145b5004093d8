import path from "node:path";
import { parseClientToolSpecs } from "@gen-client-tools/runtime/core";
import { describe, expect, it } from "vitest";
import { createGenerationCache } from "../cache/generation-cache.js";
import { buildToolModels } from "../model/build-models.js";
import type { ResolvedOptions } from "../options/resolve.js";
import { EMITTERS, type EmitContext, emitOutput } from "./emitters.js";
import { NO_CACHE } from "./validators/validator-cache.js";

const { models } = buildToolModels(
  parseClientToolSpecs([
    { name: "ask", description: "Ask.", outputSchema: { type: "object" } },
    { name: "open", description: "Open." },
  ]).map((spec, i) => ({
    spec,
    source: { file: "tools.json", pointer: `/${i}`, parametersKey: "parameters" as const },
  })),
  { locate: () => [], place: (file) => file },
);

const options: ResolvedOptions = {
  cwd: "/p",
  in: ["/p/client-tools"],
  out: "/p/src/gen",
  stubs: "/p/src/handlers.ts",
  validators: false,
  prettier: false,
  failOnWarnings: false,
  importExtension: ".js",
};
const context = (overrides: Partial<EmitContext> = {}): EmitContext => ({
  options,
  stubs: { path: "/p/src/handlers.ts", text: undefined },
  previousTools: undefined,
  validatorCache: NO_CACHE,
  validatorCompiler: () => Promise.reject(new Error("nothing to compile")),
  ...overrides,
});

describe("emitOutput", () => {
  it("runs the emitters the options ask for, in order, and marks what prettier may format", async () => {
    const plan = await emitOutput(models, context());
    expect(plan.files.map((f) => [path.relative("/p", f.path), f.role, f.format])).toEqual([
      ["src/gen/types.ts", "generated", true],
      ["src/gen/specs.ts", "generated", true],
      ["src/gen/handlers.ts", "generated", true],
      ["src/gen/client-inputs.ts", "generated", true],
      ["src/gen/index.ts", "generated", true],
      ["src/handlers.ts", "stubs", true],
    ]);
    expect(plan.files[5]!.contents).toContain('import type { ClientToolHandlers } from "./gen/index.js";');
    expect(
      (await emitOutput(models, context({ options: { ...options, stubs: false }, stubs: undefined }))).files,
    ).toHaveLength(5);
  });

  it("adds stubs to the user's file, marked for formatting with the user's text beside it, and says which; tools of the previous run that are gone are noted", async () => {
    const text = "export const clientToolHandlers: ClientToolHandlers = {\n  ask() {\n    return {};\n  },\n};\n";
    const plan = await emitOutput(
      models,
      context({ stubs: { path: "/p/src/handlers.ts", text }, previousTools: ["ask", "gone"] }),
    );
    const stubs = plan.files.find((f) => f.role === "stubs")!;
    expect(stubs.format).toBe(true);
    expect(stubs.original).toBe(text);
    expect(stubs.contents).toBe(
      `${text.slice(0, -3)}  /** Open. */\n  open(_args, _ctx) {\n    throw new Error("client tool \\"open\\" is not implemented yet");\n  },\n};\n`,
    );
    expect(plan.notes).toEqual([
      "src/handlers.ts: added stub handlers for open",
      'tool "gone" was removed: delete its handler from src/handlers.ts (left as it is)',
    ]);
  });

  it("keeps the exports of the pieces it read for the next run, cut back to the latest run's now and then", async () => {
    const pieceExports = new Map([["export const old = 1;\n", { types: [], values: ["old"] }]]);
    const memo = context({ cache: { ...createGenerationCache(), pieceExports } });
    const plan = await emitOutput(models, memo);
    const index = plan.files.find((f) => f.path.endsWith("index.ts"))!.contents;
    expect(index).toContain("  ClientAction_ask,\n");
    const current = pieceExports.size;
    // What earlier runs read stays, until there are more of them than a few dozen.
    expect(pieceExports.has("export const old = 1;\n")).toBe(true);
    for (let i = 0; i < 40; i++) pieceExports.set(`export const old${i} = 1;\n`, { types: [], values: [] });
    await emitOutput(models, memo);
    expect(pieceExports.size).toBe(current - 1);
    expect([...pieceExports.keys()].some((piece) => piece.startsWith("export const old"))).toBe(false);
  });

  it("reads no exports in the pieces inside a declaration: each spec in specs.ts, each tool's row in types.ts", async () => {
    const pieceExports = new Map<string, { types: string[]; values: string[] }>();
    const plan = await emitOutput(models, context({ cache: { ...createGenerationCache(), pieceExports } }));
    const read = new Set(pieceExports.keys());
    for (const name of ["types.ts", "specs.ts"]) {
      const file = plan.files.find((f) => f.path.endsWith(`/${name}`))!;
      const inner = [...file.innerPieces!].map((i) => file.pieces![i]!);
      expect(inner.length, name).toBeGreaterThanOrEqual(models.length);
      expect(
        inner.filter((piece) => read.has(piece) || piece.includes("\nexport ")),
        name,
      ).toEqual([]);
    }
    const specs = plan.files.find((f) => f.path.endsWith("/specs.ts"))!;
    expect(specs.innerPieces).toEqual(new Set([...specs.toolPieces!.values()].flat()));
    // Every tool's declarations are still read, and what index.ts re-exports is whole.
    const index = plan.files.find((f) => f.path.endsWith("index.ts"))!.contents;
    expect(index).toMatch(/ {2}ClientAction_ask,\n[\s\S]* {2}clientToolSpecs,\n/);
  });

  it("has one emitter per output, each named", () => {
    expect(EMITTERS.map((e) => e.name)).toEqual([
      "types",
      "specs",
      "handlers",
      "client-inputs",
      "index",
      "stubs",
      "validators",
    ]);
    expect(EMITTERS.find((e) => e.name === "validators")!.when({ ...options, validators: true })).toBe(true);
  });
});
