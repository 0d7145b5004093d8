import { readFileSync } from "node:fs";
import path from "node:path";
import { suggestKey } from "../../runtime/spec/suggest.js";
import { locateInJson, type Diagnostic } from "../diagnostics.js";
import { CONFIG_FILE } from "../defaults.js";
import type { GenerateOptions } from "../generate.js";
import { JsonSyntaxError, lineColumn, parseJson } from "../load/json-parser.js";

const KEYS = ["in", "out", "stubs", "prettier", "validators"] as const;

/**
 * Options from `gen-client-tools.config.json` (or `--config FILE`): `in` (a path or a list),
 * `out`, `stubs` (a path or false), `prettier` (true, false or "auto") and `validators` (true
 * or false). The default file may be absent; a named one must exist.
 */
export function loadConfig(file: string | undefined, cwd: string): { options: GenerateOptions; diagnostics: Diagnostic[] } {
  const absolute = path.resolve(cwd, file ?? CONFIG_FILE);
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
    value = parseJson(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return { options: {}, diagnostics: [{ file: display, ...lineColumn(text, error.offset), message: `invalid JSON: ${error.message}` }] };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { options: {}, diagnostics: [{ file: display, message: 'the config must be an object such as {"in": "client-tools", "out": "src/client-tools.gen"}' }] };
  }
  const config = value as Record<string, unknown>;
  const problems: { pointer: string; message: string }[] = [];
  const options: { -readonly [K in keyof GenerateOptions]: GenerateOptions[K] } = {};
  const base = path.dirname(absolute);
  const resolve = (p: string): string => path.resolve(base, p);
  for (const key of Object.keys(config)) {
    const entry = config[key];
    switch (key) {
      case "in":
        if (typeof entry === "string") options.in = [resolve(entry)];
        else if (Array.isArray(entry) && entry.length > 0 && entry.every((e) => typeof e === "string")) options.in = entry.map(resolve);
        else problems.push({ pointer: "/in", message: '"in" must be a path or a list of paths to spec folders or files' });
        break;
      case "out":
        if (typeof entry === "string") options.out = resolve(entry);
        else problems.push({ pointer: "/out", message: '"out" must be the path of the output folder' });
        break;
      case "stubs":
        if (typeof entry === "string") options.stubs = resolve(entry);
        else if (entry === false) options.stubs = false;
        else problems.push({ pointer: "/stubs", message: '"stubs" must be the path of your handlers file, or false for none' });
        break;
      case "prettier":
        if (entry === true || entry === false || entry === "auto") options.prettier = entry;
        else problems.push({ pointer: "/prettier", message: '"prettier" must be true, false or "auto"' });
        break;
      case "validators":
        if (typeof entry === "boolean") options.validators = entry;
        else problems.push({ pointer: "/validators", message: '"validators" must be true or false' });
        break;
      default: {
        const suggestion = suggestKey(key, KEYS);
        problems.push({ pointer: `/${key}`, message: `unknown config key ${JSON.stringify(key)}: ${suggestion ? `did you mean "${suggestion}"?` : `known keys: ${KEYS.join(", ")}`}` });
      }
    }
  }
  return { options, diagnostics: locateInJson(display, text, problems) };
}
