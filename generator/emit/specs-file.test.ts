import { readFileSync } from "node:fs";
import path from "node:path";
import type { JsonValue } from "@gen-client-tools/runtime/core";
import { Project, type Type } from "ts-morph";
import { afterEach, describe, expect, it } from "vitest";
import { compileWithEach, strictTsconfig } from "../../test-support/compilers.js";
import { importGenerated } from "../../test-support/import-generated.js";
import { linkRuntime } from "../../test-support/runtime-package.js";
import { removeTempProjects, tempProject } from "../../test-support/temp-project.js";
import { typecheck } from "../../test-support/typecheck.js";
import { generate } from "../generate.js";
import { writeGenerated } from "../write-generated.js";

afterEach(removeTempProjects);

/** Text that could end, escape or substitute into the string a spec is written in. */
const TRICKY = [
  "`tick`",
  "${process.exit()}",
  "$",
  "back\\slash \\u0060",
  'q"uote',
  "</script><!--",
  "line\nbreak\u2028",
  "\u202eevil",
  "\u{1f600}",
];

const specs = [
  {
    name: "ask_user",
    description: TRICKY.join(" | "),
    parameters: {
      type: "object",
      properties: Object.fromEntries(
        TRICKY.map((text, i) => [`p${i}`, { type: "string", enum: [text], default: text }]),
      ),
    },
    outputSchema: {
      type: "object",
      properties: { answer: { type: "string", pattern: "^`\\$\\{[a-z]+\\}`$" } },
      required: ["answer"],
    },
    annotations: { title: "Ask ${them} `now`", readOnlyHint: true },
    permission: "ui.ask`${x}`",
    timeoutSeconds: 30,
  },
  {
    name: "open_file_viewer",
    description: "Open a file.",
    parameters: { type: "object", properties: { path: { type: "string" } } },
  },
];

/** The generated specs.ts of `specs`. */
async function specsFile(): Promise<string> {
  const cwd = tempProject({ "client-tools/tools.json": specs }, "gct-specs-");
  const result = await generate({ cwd, stubs: false });
  expect(result.diagnostics).toEqual([]);
  return result.files.find((file) => file.path.endsWith("specs.ts"))!.contents;
}

/**
 * The value a literal type stands for (a string, number or boolean literal, a tuple or an object of them); undefined
 * for any other type.
 */
function literalValue(type: Type): JsonValue | undefined {
  if (type.isStringLiteral() || type.isNumberLiteral()) return type.getLiteralValue() as string | number;
  if (type.isBooleanLiteral()) return type.getText() === "true";
  if (type.isTuple()) return type.getTupleElements().map((element) => literalValue(element) ?? null);
  if (type.isObject() && type.getCallSignatures().length === 0 && type.getStringIndexType() === undefined) {
    return Object.fromEntries(
      type
        .getProperties()
        .map((property) => [property.getName(), literalValue(property.getValueDeclarationOrThrow().getType()) ?? null]),
    );
  }
  return undefined;
}

/** The lines of `a` left once each line of `b` has taken away one equal line. */
function linesNotIn(a: readonly string[], b: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const line of b) counts.set(line, (counts.get(line) ?? 0) + 1);
  return a.filter((line) => {
    const count = counts.get(line) ?? 0;
    counts.set(line, count - 1);
    return count <= 0;
  });
}

describe("specs.ts", () => {
  it("holds each spec as JSON spread over lines, so a changed keyword is a changed line", async () => {
    const text = await specsFile();
    const before = text.split("\n");
    const changed = (
      await (async () => {
        specs[1]!.parameters.properties.path = { type: "string", maxLength: 200 } as never;
        try {
          return await specsFile();
        } finally {
          specs[1]!.parameters.properties.path = { type: "string" };
        }
      })()
    ).split("\n");
    const removed = linesNotIn(before, changed);
    const added = linesNotIn(changed, before);
    // The keyword's line, the comma before it, and the schema's fingerprint (declared and in the JSON).
    expect(added.filter((line) => !/[0-9a-f]{64}/.test(line))).toEqual([
      '        "type": "string",',
      '        "maxLength": 200',
    ]);
    expect(removed.filter((line) => !/[0-9a-f]{64}/.test(line))).toEqual(['        "type": "string"']);
    expect(Math.max(...changed.map((line) => line.length))).toBeLessThan(200);
  });

  it("declares literal types that are what the JSON strings hold, and compiles under strict settings", async () => {
    const text = await specsFile();
    expect(typecheck({ "/gen/specs.ts": text })).toEqual([]);
    const outcome = importGenerated({ "specs.ts": text }, "specs.ts", "(mod) => mod.clientToolSpecs");
    expect(outcome.stderr).toBe("");
    const values = outcome.value as Record<string, JsonValue>[];
    expect(values.map(({ fingerprints: _, ...spec }) => spec)).toEqual(specs);

    const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { strict: true } });
    const declared = project
      .createSourceFile("/specs.ts", text)
      .getVariableDeclarationOrThrow("clientToolSpecs")
      .getType();
    const tuple = declared.getTupleElements();
    expect(tuple).toHaveLength(values.length);
    tuple.forEach((element, i) => {
      const spec = values[i]!;
      const declaredKeys = element.getProperties().map((property) => property.getName());
      expect(declaredKeys).toEqual(Object.keys(spec));
      for (const property of element.getProperties()) {
        const key = property.getName();
        const literal = literalValue(property.getValueDeclarationOrThrow().getType());
        if (key === "parameters" || key === "outputSchema" || key === "description")
          expect(literal, key).toBeUndefined();
        else expect(literal, `${spec["name"] as string} ${key}`).toEqual(spec[key]);
      }
    });
  });

  it("compiles with TypeScript 7 and 5.9 under strict settings where every tool takes a private input, and sends no tool in the payload", async () => {
    const connect = {
      name: "connect_account",
      description: "Connect a service.",
      parameters: { type: "object", properties: { service: { type: "string" } }, required: ["service"] },
      privateInput: {
        schema: { type: "object", properties: { token: { type: "string" } }, required: ["token"] },
        response: { status: "connected" },
      },
    };
    const cwd = tempProject(
      {
        "package.json": { type: "module" },
        "tsconfig.json": strictTsconfig({
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          verbatimModuleSyntax: true,
        }),
        "client-tools/connect_account.json": connect,
      },
      "gct-private-only-",
    );
    linkRuntime(cwd);
    writeGenerated(await generate({ cwd, stubs: false, prettier: false }));
    expect(compileWithEach(cwd)).toEqual({ "TypeScript 7": "", "TypeScript 5.9": "" });
    const text = readFileSync(path.join(cwd, "src/client-tools.gen/specs.ts"), "utf8");
    expect(importGenerated({ "specs.ts": text }, "specs.ts", "(mod) => mod.clientToolsPayload").value).toEqual({
      client_tools: [],
    });
  });
});
