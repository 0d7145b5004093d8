import path from "node:path";
import type { JsonObject } from "@gen-client-tools/runtime/core";
import { readPlainFile } from "../read-plain-file.js";

/**
 * The generated specs.ts: each spec is `JSON.parse(String.raw…)` of its JSON text in a template literal, backticks
 * escaped inside (written \x60 here, so that tools which scan this module for imports do not read a template).
 */
const SPECS_FILE = "specs.ts";
const SPEC_JSON = /JSON\.parse\(\s*String\.raw\x60([^\x60]*)\x60\s*,?\s*\)/g;

/**
 * The specs the previous run wrote into the output folder, by name, as that run had them: what a tool's earlier
 * version was, for proving a change to it compatible. Empty where there is no such file or it cannot be read (a
 * hand-edited file is not a history to trust: a spec that is not JSON is left out).
 */
export function readPreviousSpecs(outDir: string): ReadonlyMap<string, JsonObject> {
  const text = readPlainFile(path.join(outDir, SPECS_FILE));
  const specs = new Map<string, JsonObject>();
  if (text === undefined) return specs;
  for (const [, json] of text.matchAll(SPEC_JSON)) {
    try {
      const spec = JSON.parse(json!) as unknown;
      if (typeof spec === "object" && spec !== null && typeof (spec as JsonObject)["name"] === "string")
        specs.set((spec as JsonObject)["name"] as string, spec as JsonObject);
    } catch {
      // Not JSON: not a version this run can compare with.
    }
  }
  return specs;
}
