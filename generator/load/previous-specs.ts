import path from "node:path";
import type { JsonObject } from "@gen-client-tools/runtime/core";
import { readPlainFile } from "../read-plain-file.js";

/**
 * The generated specs.ts: each spec is `JSON.parse(String.raw…)` of its JSON text in a template literal, backticks
 * escaped inside (written \x60 here, so that tools which scan this module for imports do not read a template).
 */
const SPECS_FILE = "specs.ts";
const SPEC_JSON = /JSON\.parse\(\s*String\.raw\x60([^\x60]*)\x60\s*,?\s*\)/g;

/** A spec the previous run wrote, by its tool's name; undefined where there is none. */
type PreviousSpecs = (name: string) => JsonObject | undefined;

/**
 * The specs the previous run wrote into the output folder, as that run had them: what a tool's earlier version was,
 * for proving a change to it compatible. None where there is no such file or it cannot be read (a hand-edited file is
 * not a history to trust: a spec that is not JSON is left out). The file is read once, at the first lookup, and only
 * the specs whose text holds the name asked for are parsed: a run after one change looks up one of thousands.
 */
export function readPreviousSpecs(outDir: string): PreviousSpecs {
  let texts: readonly string[] | undefined;
  return (name) => {
    texts ??= [...(readPlainFile(path.join(outDir, SPECS_FILE)) ?? "").matchAll(SPEC_JSON)].map((match) => match[1]!);
    // The generator writes a name as JSON.stringify does (names are plain ASCII); the parsed name is what decides.
    const quoted = JSON.stringify(name);
    for (const json of texts) {
      if (!json.includes(quoted)) continue;
      const spec = parsedSpec(json);
      if (spec?.["name"] === name) return spec;
    }
    return undefined;
  };
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
