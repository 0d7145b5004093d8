import type { JsonObject } from "@gen-client-tools/runtime/core";
import { Node, Project } from "ts-morph";
import { describe, expect, it } from "vitest";
import { typecheck } from "../../../test-support/typecheck.js";
import { propertyKey, tsString } from "../escape.js";
import { emitSchemaTypes } from "./index.js";

/** Text that breaks generated code when written without care. */
const HOSTILE = [
  "__proto__",
  "",
  "a b",
  "1st",
  "constructor",
  "toString",
  "*/ oops /*",
  "${process.exit()}",
  "`tick`",
  'q"uote',
  "back\\slash",
  "line\u2028sep",
  "nul\u0000",
  "lone \ud800",
  "\u{1f600}",
  "new\nline\r\nend",
  "\u202eevil",
];

// JSON.parse, not an object literal: in a literal, "__proto__" would set the prototype instead.
const SCHEMA = JSON.parse(
  JSON.stringify({
    title: "Root */ title",
    description: HOSTILE.join(" | "),
    type: "object",
    properties: Object.fromEntries(
      HOSTILE.map((name) => [name, { description: `doc for ${name}`, enum: [name, `${name}!`] }]),
    ),
    required: HOSTILE,
    additionalProperties: false,
  }),
) as JsonObject;

describe("hostile names and descriptions", () => {
  const { code } = emitSchemaTypes(SCHEMA, { rootName: "R", defPrefix: "R" });

  it("compile, and every name and enum value survives exactly", () => {
    const checks = HOSTILE.map(
      (name, i) =>
        `export const k${i}: keyof R = ${tsString(name)};\nexport const v${i}: R[${tsString(name)}] = ${tsString(name)};`,
    );
    const value = `export const all: R = { ${HOSTILE.map((n) => `${propertyKey(n)}: ${tsString(n)}`).join(", ")} };`;
    expect(typecheck({ "/gen/types.ts": `${code}${checks.join("\n")}\n${value}\n` })).toEqual([]);
  });

  it("keep descriptions readable in JSDoc, with the dangerous characters made visible", () => {
    const project = new Project({ useInMemoryFileSystem: true });
    const alias = project.createSourceFile("/t.ts", code).getTypeAliasOrThrow("R");
    const rootDoc = alias
      .getJsDocs()
      .map((d) => d.getInnerText())
      .join("\n");
    expect(rootDoc).toContain("Root *\\/ title");
    expect(rootDoc).toContain(
      '${process.exit()} | `tick` | q"uote | back\\slash | line\\u2028sep | nul\\u0000 | lone \\ud800 | \u{1f600}',
    );
    expect(rootDoc).toContain("new\nline\nend | \\u202eevil");
    const literal = alias.getTypeNodeOrThrow();
    if (!Node.isTypeLiteral(literal)) throw new Error("R should be a type literal");
    const docs = literal.getProperties().map((p) =>
      p
        .getJsDocs()
        .map((d) => d.getInnerText())
        .join("\n"),
    );
    expect(docs).toHaveLength(HOSTILE.length);
    expect(docs).toContain("doc for *\\/ oops /*");
    expect(docs).toContain("doc for nul\\u0000");
    expect(docs).toContain("doc for new\nline\nend");
  });

  it("name definitions injectively, whatever their keys", () => {
    const keys = ["a b", "a_b", "a$20b", "*/", "", "\u2028", "\ud800", "\u{1f600}", "__proto__"];
    const schema = JSON.parse(
      JSON.stringify({
        type: "object",
        properties: Object.fromEntries(
          keys.map((k, i) => [`p${i}`, { $ref: `#/$defs/${k.replaceAll("~", "~0").replaceAll("/", "~1")}` }]),
        ),
        $defs: Object.fromEntries(keys.map((k, i) => [k, { const: i }])),
      }),
    ) as JsonObject;
    const emitted = emitSchemaTypes(schema, { rootName: "R", defPrefix: "R" });
    expect(new Set(emitted.names).size).toBe(keys.length + 1);
    const checks = keys.map((_, i) => `export const c${i}: R["p${i}"] = ${i};`).join("\n");
    expect(typecheck({ "/gen/types.ts": `${emitted.code}${checks}\n` })).toEqual([]);
  });
});
