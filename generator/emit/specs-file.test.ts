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

  it("copies a spec file's own text, in any layout, with its fingerprints added; a file that is not the spec as checked is serialised", async () => {
    const [ask, open] = specs as unknown as [Record<string, unknown>, Record<string, unknown>];
    const escaped = { name: "escaped", description: "A tool.", parameters: { type: "object" } };
    // Tabs, CRLF line breaks, a byte order mark, escapes JSON.stringify would not write, a number spelt otherwise.
    const written = `\uFEFF${JSON.stringify(ask, null, "\t")
      .replaceAll("\n", "\r\n")
      .replace("`tick`", "\\u0060tick\\u0060")
      .replace('"timeoutSeconds": 30', '"timeoutSeconds": 3.0e1')}\r\n`;
    const reordered = { description: open["description"], name: open["name"], parameters: open["parameters"] };
    // MCP's spelling (indented by four), with the key's name also a value before it and a property inside it.
    const mcpSchema = { type: "object", properties: { inputSchema: { type: "string" } } };
    const mcp = { name: "mcp_tool", description: "inputSchema", inputSchema: mcpSchema };
    const cwd = tempProject(
      {
        "client-tools/ask.json": written,
        "client-tools/open.json": reordered,
        "client-tools/escaped.json": JSON.stringify(escaped, null, 2).replace('"escaped"', '"esc\\u0061ped"'),
        "client-tools/mcp.json": JSON.stringify(mcp, null, 4),
        "client-tools/mcp-escaped.json": JSON.stringify({ ...mcp, name: "mcp_escaped" }).replace(
          '"inputSchema":{',
          '"input\\u0053chema":{',
        ),
      },
      "gct-specs-",
    );
    const result = await generate({ cwd, stubs: false });
    expect(result.diagnostics).toEqual([]);
    const text = result.files.find((file) => file.path.endsWith("specs.ts"))!.contents;
    expect(text).not.toContain("\r");
    expect(text).toContain('\t"name": "ask_user",\n\t"description": "\\u0060tick\\u0060 | ');
    expect(text).toContain('\t"timeoutSeconds": 3.0e1,\n  "fingerprints": {\n    "parameters": "');
    // Keys in another order than the spec rules give them, and a name a later run would not find: serialised.
    expect(text).toContain(
      '  JSON.parse(String.raw`{\n  "name": "open_file_viewer",\n  "description": "Open a file.",\n',
    );
    expect(text).toContain('  JSON.parse(String.raw`{\n  "name": "escaped",\n');
    expect(text).toContain('    "description": "inputSchema",\n    "parameters": {\n        "type": "object",\n');
    expect(text).toContain('            "inputSchema": {\n                "type": "string"\n');
    // The key written with an escape: serialised, on several lines.
    expect(text).toContain('  JSON.parse(String.raw`{\n  "name": "mcp_escaped",\n');
    expect(typecheck({ "/gen/specs.ts": text })).toEqual([]);
    const values = importGenerated({ "specs.ts": text }, "specs.ts", "(mod) => mod.clientToolSpecs").value as Record<
      string,
      JsonValue
    >[];
    const asChecked = { name: "mcp_tool", description: "inputSchema", parameters: mcpSchema };
    expect(values.map(({ fingerprints: _, ...spec }) => spec)).toEqual([
      ask,
      escaped,
      { ...asChecked, name: "mcp_escaped" },
      asChecked,
      open,
    ]);
    expect(values.every((spec) => Object.keys(spec).at(-1) === "fingerprints")).toBe(true);
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
