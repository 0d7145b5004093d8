import { readFileSync } from "node:fs";
import { packageRoot } from "../package-root.js";
import { piecedText } from "../text-chunks.js";

const FILE_MARKER = "// @gen:file\n";
// A region's markers may be indented: the names of an import list are a region too.
const REGION = /^[ \t]*\/\/ @gen:begin (\w+)\n[\s\S]*?^[ \t]*\/\/ @gen:end \1\n/gm;
const cache = new Map<string, string>();

/** The files in templates/. */
export type TemplateName =
  | "types"
  | "handlers"
  | "specs"
  | "validators-index"
  | "standard-schemas"
  | "stubs"
  | "client-inputs";

/**
 * The text of `templates/<name>.ts` after its file marker. Templates are real TypeScript that
 * the project type-checks; the package ships them beside dist/. Read once per process.
 */
export function loadTemplate(name: TemplateName): string {
  let text = cache.get(name);
  if (text === undefined) {
    const raw = readFileSync(`${packageRoot()}templates/${name}.ts`, "utf8").replace(/\r\n/g, "\n");
    const start = raw.indexOf(FILE_MARKER);
    if (start === -1) throw new Error(`templates/${name}.ts has no "${FILE_MARKER.trim()}" marker`);
    text = raw.slice(start + FILE_MARKER.length);
    cache.set(name, text);
  }
  return text;
}

/**
 * The doc comment written above `declaration` in `templates/<name>.ts` (its placeholder regions
 * included), with its line break: the fixed documentation of a generated declaration lives
 * once, in its template, and the emitter that writes the declaration takes it from there.
 */
export function templateDoc(name: TemplateName, declaration: string): string {
  const template = loadTemplate(name);
  const found = new RegExp(
    `(/\\*\\*(?:(?!\\*/)[^])*\\*/\\n)(?:export )?(?:declare )?(?:const|type|interface|function) ${declaration}\\b`,
  ).exec(template);
  if (found === null) throw new Error(`templates/${name}.ts documents no declaration ${declaration}`);
  return found[1]!;
}

/** The template with each `// @gen:begin NAME` ... `// @gen:end NAME` region replaced by `regions[NAME]`. */
export function fillTemplate(template: string, regions: Readonly<Record<string, string>>): string {
  return piecedText(templatePieces(template, regions)).text;
}

/**
 * fillTemplate for a template of one region, given in pieces (a region can hold tens of megabytes: specs.ts for
 * thousands of tools): the filled template's pieces, the region's own among them, never joined, and the index of the
 * region's first piece.
 */
export function fillTemplateRegion(
  template: string,
  name: string,
  content: readonly string[],
): { pieces: string[]; at: number } {
  const pieces = templatePieces(template, { [name]: content });
  // The text before the region, its pieces, the text after it.
  if (pieces.length !== content.length + 2) throw new Error(`template has regions besides "${name}"`);
  return { pieces, at: 1 };
}

function templatePieces(template: string, regions: Readonly<Record<string, string | readonly string[]>>): string[] {
  const seen = new Set<string>();
  const pieces: string[] = [];
  let from = 0;
  for (const match of template.matchAll(REGION)) {
    const name = match[1]!;
    const content = regions[name];
    if (content === undefined) throw new Error(`no content for template region "${name}"`);
    seen.add(name);
    pieces.push(template.slice(from, match.index));
    if (typeof content === "string") pieces.push(content);
    else for (const piece of content) pieces.push(piece);
    from = match.index + match[0].length;
  }
  const missing = Object.keys(regions).filter((name) => !seen.has(name));
  if (missing.length > 0) throw new Error(`template has no region ${missing.join(", ")}`);
  pieces.push(template.slice(from));
  return pieces;
}
