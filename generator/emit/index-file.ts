import { banner } from "../output-format/banner.js";

/** A generated module's exports: its types (re-exported with `export type`) and its values. */
export interface ModuleExports {
  readonly types: readonly string[];
  readonly values: readonly string[];
}

// Declarations start a line; a line of a doc comment starts with " *" and a line of a spec's JSON
// text with a space or a bracket, so no schema text is ever read as a declaration. Lines are
// found with indexOf (a multi-line regular expression over megabytes of specs costs ten times as much).
const DECLARATION = /export (?:declare )?(type|interface|const|function|class) ([A-Za-z_$][\w$]*)/y;
const LIST = /export (type )?\{([^}]*)\}/y;
const DESTRUCTURED = /export const \{([^}]*)\}/y;

/**
 * The names a generated module exports, read from its text in pieces, each holding whole declarations. `memo`: each
 * piece's exports as earlier runs read them, by the piece's text, so that a piece kept from those runs is not read
 * again; this run's new pieces are added to it.
 */
export function exportsOf(pieces: readonly string[], memo?: Map<string, ModuleExports>): ModuleExports {
  const types: string[] = [];
  const values: string[] = [];
  for (const piece of pieces) {
    let found = memo?.get(piece);
    if (found === undefined) {
      found = pieceExports(piece);
      memo?.set(piece, found);
    }
    for (const name of found.types) types.push(name);
    for (const name of found.values) values.push(name);
  }
  return { types, values };
}

function pieceExports(piece: string): ModuleExports {
  const found = { types: [] as string[], values: [] as string[] };
  for (let newline = -1; ; ) {
    const at = newline + 1;
    if (piece.startsWith("export ", at)) readExport(piece, at, found);
    newline = piece.indexOf("\nexport ", at);
    if (newline === -1) break;
  }
  return found;
}

function readExport(text: string, at: number, found: { types: string[]; values: string[] }): void {
  const declaration = matchAt(DECLARATION, text, at);
  if (declaration !== null)
    (declaration[1] === "type" || declaration[1] === "interface" ? found.types : found.values).push(declaration[2]!);
  const list = declaration === null ? matchAt(LIST, text, at) : null;
  if (list !== null) (list[1] === undefined ? found.values : found.types).push(...namesIn(list[2]!));
  const destructured = declaration === null && list === null ? matchAt(DESTRUCTURED, text, at) : null;
  if (destructured !== null) found.values.push(...namesIn(destructured[1]!));
}

function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

function namesIn(list: string): string[] {
  return list
    .split(",")
    .map((entry) =>
      entry
        .trim()
        .split(/\s+as\s+/)
        .pop()!
        .trim(),
    )
    .filter((name) => name !== "");
}

/**
 * index.ts: every generated module's exports, named one per line (no `export *`, which some
 * bundlers do not follow through generated folders), so that a tool added shows as its own lines.
 */
export function emitIndexFile(
  modules: readonly { readonly specifier: string; readonly exports: ModuleExports }[],
): string {
  const blocks: string[] = [];
  for (const { specifier, exports } of modules) {
    if (exports.values.length > 0)
      blocks.push(`export {\n${exports.values.map((name) => `  ${name},\n`).join("")}} from "${specifier}";\n`);
    if (exports.types.length > 0)
      blocks.push(`export type {\n${exports.types.map((name) => `  ${name},\n`).join("")}} from "${specifier}";\n`);
  }
  return `${banner()}${blocks.join("")}`;
}
