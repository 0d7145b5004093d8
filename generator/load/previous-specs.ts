import path from "node:path";
import type { ClientToolSpec, JsonObject } from "@gen-client-tools/runtime/core";
import { readPlainFile } from "../read-plain-file.js";

/**
 * The generated specs.ts: each spec is `JSON.parse(String.raw…)` of its JSON text in a template literal, backticks
 * escaped inside (written \x60 here, so that tools which scan this module for imports do not read a template).
 */
const SPECS_FILE = "specs.ts";
const TEMPLATE_START = "String.raw\x60";
const TEMPLATE_END = "\x60";
/** What precedes a spec's template, prettier's line break and indent included. */
const SPEC_CALL = /JSON\.parse\(\s*$/;

/** A spec the previous run wrote, by its tool's name; undefined where there is none. As read back, not checked. */
export type PreviousSpecs = (name: string) => ClientToolSpec | JsonObject | undefined;

/**
 * The specs the previous run wrote into the output folder, as that run had them: what a tool's earlier version was,
 * for proving a change to it compatible. None where there is no such file or it cannot be read (a hand-edited file is
 * not a history to trust: a spec that is not JSON is left out). The file is read once, at the first lookup (`known`
 * gives its text where the run has read it already), and only the specs whose text holds the name asked for are
 * parsed: a run after one change looks up one of thousands.
 */
export function readPreviousSpecs(outDir: string, known?: () => string | undefined): PreviousSpecs {
  let text: string | undefined;
  return (name) => {
    text ??= known?.() ?? readPlainFile(path.join(outDir, SPECS_FILE)) ?? "";
    // The generator writes a name as JSON.stringify does (names are plain ASCII); the parsed name is what decides.
    const quoted = JSON.stringify(name);
    // Each stretch of the text is searched about once: past a template once it is read, and past text outside the
    // templates (the type declarations) to the next template.
    for (let from = 0; ; ) {
      const at = text.indexOf(quoted, from);
      if (at === -1) return undefined;
      const json = specTextAround(text, at);
      if (json === undefined) {
        from = text.indexOf(TEMPLATE_START, at);
        if (from === -1) return undefined;
        continue;
      }
      from = json.end;
      const spec = parsedSpec(json.text);
      if (spec?.["name"] === name) return spec;
    }
  };
}

/** The JSON text of the spec template that holds this position, if it is inside one. */
function specTextAround(text: string, at: number): { text: string; end: number } | undefined {
  const open = text.lastIndexOf(TEMPLATE_START, at);
  if (open === -1) return undefined;
  const start = open + TEMPLATE_START.length;
  const end = text.indexOf(TEMPLATE_END, start);
  if (end < at || !SPEC_CALL.test(text.slice(Math.max(0, open - 64), open))) return undefined;
  return { text: text.slice(start, end), end };
}

function parsedSpec(json: string): JsonObject | undefined {
  try {
    const spec = JSON.parse(json) as unknown;
    return typeof spec === "object" && spec !== null && !Array.isArray(spec) ? (spec as JsonObject) : undefined;
  } catch {
    // Not JSON: not a version this run can compare with.
    return undefined;
  }
}
