import { readFileSync } from "node:fs";
import path from "node:path";
import { suggestKey } from "@gen-client-tools/runtime/core";
import { type Diagnostic, locateInJson } from "../diagnostics.js";
import { JsonSyntaxError, lineColumn, parseJson } from "../json/json-parser.js";
import type { GenerateOptions } from "./generate-options.js";
import { importExtensionSetting } from "./import-style.js";
import { describe, expected, GENERATE_OPTIONS, type GenerateOptionKey, type OptionKind, RUN_OPTIONS } from "./table.js";

type MutableOptions = { -readonly [K in keyof GenerateOptions]: GenerateOptions[K] };
const KEYS = Object.keys(GENERATE_OPTIONS) as GenerateOptionKey[];

/**
 * The options of `gen-client-tools.config.json` (or `--config FILE`): each key of the options
 * table, with paths relative to the config file. The default file may be absent; a named one
 * must exist.
 */
export function loadConfig(
  file: string | undefined,
  cwd: string,
): { options: GenerateOptions; diagnostics: Diagnostic[] } {
  const absolute = path.resolve(cwd, file ?? RUN_OPTIONS.config.default);
  const display = path.relative(cwd, absolute) || absolute;
  let text: string;
  try {
    text = readFileSync(absolute, "utf8");
  } catch {
    if (file === undefined) return { options: {}, diagnostics: [] };
    return { options: {}, diagnostics: [{ file: display, message: "config file not found: check the --config path" }] };
  }
  let value: unknown;
  try {
    value = parseJson(text).value;
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return {
      options: {},
      diagnostics: [{ file: display, ...lineColumn(text, error.offset), message: `invalid JSON: ${error.message}` }],
    };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return {
      options: {},
      diagnostics: [
        {
          file: display,
          message: 'the config must be an object such as {"in": "client-tools", "out": "src/client-tools.gen"}',
        },
      ],
    };
  }
  const problems: { pointer: string; message: string }[] = [];
  const options: MutableOptions = {};
  const base = path.dirname(absolute);
  for (const [key, entry] of Object.entries(value)) {
    if (key === "$schema") continue;
    if (!(KEYS as string[]).includes(key)) {
      const suggestion = suggestKey(key, KEYS);
      problems.push({
        pointer: `/${key}`,
        message: `unknown config key ${JSON.stringify(key)}: ${suggestion ? `did you mean "${suggestion}"?` : `known keys: ${KEYS.join(", ")}`}`,
      });
      continue;
    }
    const name = key as GenerateOptionKey;
    const read = configValue(GENERATE_OPTIONS[name].kind, entry, (p) => path.resolve(base, p));
    if (read === undefined)
      problems.push({
        pointer: `/${key}`,
        message: `${JSON.stringify(key)} must be ${expected(GENERATE_OPTIONS[name].kind)}, not ${describe(entry)}`,
      });
    else (options as Record<string, unknown>)[name] = read;
  }
  return { options, diagnostics: locateInJson(display, text, problems) };
}

/** A config value of this kind, paths resolved; undefined when it is not one. */
function configValue(kind: OptionKind, entry: unknown, resolve: (p: string) => string): unknown {
  switch (kind) {
    case "paths":
      if (typeof entry === "string") return [resolve(entry)];
      return Array.isArray(entry) && entry.length > 0 && entry.every((e) => typeof e === "string")
        ? entry.map(resolve)
        : undefined;
    case "path":
      return typeof entry === "string" ? resolve(entry) : undefined;
    case "path-or-false":
      return typeof entry === "string" ? resolve(entry) : entry === false ? false : undefined;
    case "boolean":
      return typeof entry === "boolean" ? entry : undefined;
    case "boolean-or-auto":
      return typeof entry === "boolean" || entry === "auto" ? entry : undefined;
    case "import-extension":
      return importExtensionSetting(entry);
  }
}
