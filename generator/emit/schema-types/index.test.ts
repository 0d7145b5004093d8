import type { JsonObject } from "@gen-client-tools/runtime/core";
import { describe, expect, it } from "vitest";
import { emitSchemaTypes } from "./index.js";

const SCHEMA: JsonObject = {
  title: "Open file viewer",
  description: "Opens a file in the viewer panel.",
  type: "object",
  properties: {
    file_path: { type: "string", description: "Path relative to the workspace." },
    range: { $ref: "#/$defs/range" },
  },
  required: ["file_path"],
  additionalProperties: false,
  $defs: {
    range: {
      description: "Lines to show.",
      type: "object",
      properties: { start: { $ref: "#/$defs/line" }, end: { $ref: "#/$defs/line" } },
    },
    line: { type: "integer", minimum: 1 },
  },
};

describe("emitSchemaTypes", () => {
  it("declares the root first, then definitions sorted by name, each with its JSDoc", () => {
    const out = emitSchemaTypes(SCHEMA, { rootName: "OpenFileViewerArgs", defPrefix: "OpenFileViewerArgs" });
    expect(out.names).toEqual(["OpenFileViewerArgs", "OpenFileViewerArgs_line", "OpenFileViewerArgs_range"]);
    expect(out.wireArgsType).toBe("OpenFileViewerArgs");
    expect(out.code).toBe(
      [
        "/**",
        " * Open file viewer",
        " *",
        " * Opens a file in the viewer panel.",
        " */",
        "export type OpenFileViewerArgs = {",
        "  /** Path relative to the workspace. */",
        "  file_path: string;",
        "  range?: OpenFileViewerArgs_range;",
        "};",
        "",
        "/** @minimum 1 */",
        "export type OpenFileViewerArgs_line = number;",
        "",
        "/** Lines to show. */",
        "export type OpenFileViewerArgs_range = {",
        "  start?: OpenFileViewerArgs_line;",
        "  end?: OpenFileViewerArgs_line;",
        "  [key: string]: unknown;",
        "};",
        "",
      ].join("\n"),
    );
  });

  it("gives the same bytes for the same schema, whatever else was emitted before", () => {
    const first = emitSchemaTypes(structuredClone(SCHEMA), { rootName: "A", defPrefix: "A" });
    emitSchemaTypes(
      { type: "object", $ref: "#/$defs/x", $defs: { x: { $ref: "#/$defs/x" } } },
      { rootName: "A", defPrefix: "A" },
    );
    expect(emitSchemaTypes(structuredClone(SCHEMA), { rootName: "A", defPrefix: "A" })).toEqual(first);
  });

  it("orders definitions by name, not by the order of their keys or references", () => {
    const reordered: JsonObject = {
      ...SCHEMA,
      $defs: { line: { type: "integer", minimum: 1 }, range: (SCHEMA["$defs"] as JsonObject)["range"] ?? {} },
    };
    const a = emitSchemaTypes(SCHEMA, { rootName: "A", defPrefix: "A" });
    expect(emitSchemaTypes(reordered, { rootName: "A", defPrefix: "A" }).code).toBe(a.code);
  });

  it("uses defPrefix, not rootName, for definitions", () => {
    expect(emitSchemaTypes(SCHEMA, { rootName: "Args", defPrefix: "Defs" }).names).toEqual([
      "Args",
      "Defs_line",
      "Defs_range",
    ]);
  });
});
