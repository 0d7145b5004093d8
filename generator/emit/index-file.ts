import { banner } from "../output-format/banner.js";

/** A generated module's exports: its types (re-exported with `export type`) and its values. */
export interface ModuleExports {
  readonly types: readonly string[];
  readonly values: readonly string[];
}

// Declarations start a line; a line of a doc comment starts with " *" and a line of a spec's JSON
// text with a space or a bracket, so no schema text is ever read as a declaration.
const DECLARATION = /^export (?:declare )?(type|interface|const|function|class) ([A-Za-z_$][\w$]*)/gm;
const LIST = /^export (type )?\{([^}]*)\}/gm;
const DESTRUCTURED = /^export const \{([^}]*)\}/gm;

/** The names a generated module exports, read from its text in pieces, each holding whole declarations. */
export function exportsOf(pieces: readonly string[]): ModuleExports {
  const types: string[] = [];
  const values: string[] = [];
  for (const piece of pieces) {
    for (const [, keyword, name] of piece.matchAll(DECLARATION)) (keyword === "type" || keyword === "interface" ? types : values).push(name!);
    for (const [, typeOnly, list] of piece.matchAll(LIST)) (typeOnly === undefined ? values : types).push(...namesIn(list!));
    for (const [, list] of piece.matchAll(DESTRUCTURED)) values.push(...namesIn(list!));
  }
  return { types, values };
}

function namesIn(list: string): string[] {
  return list
    .split(",")
    .map((entry) => entry.trim().split(/\s+as\s+/).pop()!.trim())
    .filter((name) => name !== "");
}

/**
 * index.ts: every generated module's exports, named one per line (no `export *`, which some
 * bundlers do not follow through generated folders), so that a tool added shows as its own lines.
 */
export function emitIndexFile(modules: readonly { readonly specifier: string; readonly exports: ModuleExports }[]): string {
  const blocks: string[] = [];
  for (const { specifier, exports } of modules) {
    if (exports.values.length > 0) blocks.push(`export {\n${exports.values.map((name) => `  ${name},\n`).join("")}} from "${specifier}";\n`);
    if (exports.types.length > 0) blocks.push(`export type {\n${exports.types.map((name) => `  ${name},\n`).join("")}} from "${specifier}";\n`);
  }
  return `${banner()}${blocks.join("")}`;
}
