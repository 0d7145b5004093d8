import path from "node:path";
import { suggestKey } from "@gen-client-tools/runtime/core";
import parser from "yargs-parser";
import type { GenerateOptions } from "../options/generate-options.js";
import { importExtensionSetting } from "../options/import-style.js";
import {
  DEBUG_VARIABLE,
  describe,
  environmentVariable,
  expected,
  GENERATE_OPTIONS,
  type OptionKind,
  type OptionSpec,
  RUN_OPTIONS,
} from "../options/table.js";
import { type InitExample, parseInit } from "./init-arguments.js";
import { UsageError } from "./usage-error.js";

/** A run's own switches, beside the generation's options. */
export interface RunArguments {
  readonly check: boolean;
  readonly watch: boolean;
  readonly quiet: boolean;
  readonly config?: string;
}

export type CommandLine =
  /** `options` holds what the command line and the environment gave (the command line wins), paths as written. */
  | { readonly command: "generate"; readonly options: Omit<GenerateOptions, "cwd">; readonly run: RunArguments }
  /** `gen-client-tools init [--example walkthrough]`. */
  | { readonly command: "init"; readonly example?: InitExample }
  /** `gen-client-tools doctor`: checks the project; `config` as for a run. */
  | { readonly command: "doctor"; readonly config?: string }
  | ({ readonly command: "diff" } & DiffArguments)
  | { readonly command: "help"; readonly topic: "generate" | "init" | "doctor" | "diff" }
  | { readonly command: "version" }
  /** `gen-client-tools completion` prints a shell script; the script asks back with `--get-yargs-completions`. */
  | { readonly command: "completion" };

/** `gen-client-tools diff <old> [<new>]`: the two spec sets (paths or `git:<ref>`) and the gate. */
export interface DiffArguments {
  readonly old: string;
  /** Absent: the configured spec folders. */
  readonly new?: string;
  readonly json: boolean;
  /** `--verbose`: list the unchanged tools too, each on its own line. */
  readonly verbose: boolean;
  /** `--fail-on breaking`: exit 1 when a tool breaks a rolling deploy. */
  readonly failOnBreaking: boolean;
  /** Tools whose breaking change the team accepts (`--allow <tool>`, repeatable). */
  readonly allow: readonly string[];
  readonly config?: string;
}

const TABLE: Readonly<Record<string, OptionSpec>> = { ...GENERATE_OPTIONS, ...RUN_OPTIONS };
/** Answered by the command line itself: `--help` (`-h`) and `--version`. */
const BUILT_IN = ["help", "version"];
const FLAGS = [...Object.values(TABLE).map((spec) => spec.flag), ...BUILT_IN];
const keyOfFlag = new Map(Object.entries(TABLE).map(([key, spec]) => [spec.flag, key]));
const ofKind = (...kinds: OptionKind[]): string[] =>
  Object.values(TABLE)
    .filter((spec) => kinds.includes(spec.kind))
    .map((spec) => spec.flag);

const PARSER_OPTIONS: parser.Options = {
  boolean: [...ofKind("boolean", "boolean-or-auto"), ...BUILT_IN],
  string: ofKind("path", "path-or-false", "import-extension"),
  array: ofKind("paths"),
  alias: {
    help: ["h"],
    ...Object.fromEntries(
      Object.values(TABLE).flatMap((spec) => (spec.short === undefined ? [] : [[spec.flag, [spec.short]]])),
    ),
  },
  configuration: {
    "camel-case-expansion": false,
    "strip-aliased": true,
    "parse-numbers": false,
    "parse-positional-numbers": false,
    "duplicate-arguments-array": true,
    "flatten-duplicate-arrays": true,
    "greedy-arrays": true,
    "populate--": true,
  },
};

/**
 * Reads the command line with yargs-parser, from the options table, and the `GEN_CLIENT_TOOLS_*`
 * variables of `env` (the command line wins over them, and they over the config file). Every
 * boolean option has its `--no-` form; `--in` takes one or more values (`--in a b`, or `--in a
 * --in b`), and what follows `--` is read as more of them. Commands: `init`, `doctor`, `completion`.
 */
export function parseCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv = {}): CommandLine {
  if (argv.includes("--get-yargs-completions") || argv[0] === "completion") return { command: "completion" };
  if (argv[0] === "diff") return parseDiff(argv.slice(1));
  if (argv[0] === "init") return parseInit(argv.slice(1));
  for (const token of argv) {
    if (token === "--") break;
    const match = /^--(?:no-)?([^=]+)=(.*)$/s.exec(token);
    const spec = match === null ? undefined : TABLE[keyOfFlag.get(match[1]!) ?? ""];
    if (
      spec !== undefined &&
      (spec.kind === "boolean" || spec.kind === "boolean-or-auto") &&
      !["true", "false"].includes(match![2]!)
    ) {
      throw new UsageError(`--${spec.flag} takes no value (got ${JSON.stringify(match![2])})`);
    }
  }
  const parsed = parser.detailed([...argv], PARSER_OPTIONS);
  if (parsed.error) throw new UsageError(parsed.error.message);
  const {
    _: positionals,
    "--": afterDashes,
    ...given
  } = parsed.argv as Record<string, unknown> & { _: (string | number)[]; "--"?: (string | number)[] };
  for (const name of Object.keys(given)) {
    if (FLAGS.includes(name)) continue;
    const raw = name.length === 1 ? `-${name}` : `--${name}`;
    // A one-letter option is too short to guess from.
    const suggestion = name.length === 1 ? undefined : suggestKey(name, FLAGS);
    throw new UsageError(`unknown option ${raw}${suggestion === undefined ? "" : `: did you mean --${suggestion}?`}`);
  }

  const command = positionals[0] === "doctor" ? "doctor" : "generate";
  const stray = positionals.slice(command === "generate" ? 0 : 1)[0];
  if (stray !== undefined) {
    // In first place, a word like a command's is one misspelt (`doctr`): named, as a misspelt option is.
    const meant = command === "generate" ? suggestKey(String(stray), ["init", "doctor", "diff"]) : undefined;
    const fix =
      meant === undefined ? "to read specs from it" : `did you mean the command ${meant}? To read specs from it`;
    throw new UsageError(`unexpected argument ${JSON.stringify(String(stray))}: ${fix}, use --in`);
  }
  if (given["help"] === true) return { command: "help", topic: command };
  if (given["version"] === true) return { command: "version" };
  if (command === "doctor") {
    const options = Object.keys(given).filter((name) => name !== "help" && name !== "version" && name !== "config");
    if (options.length > 0 || afterDashes !== undefined)
      throw new UsageError(
        `doctor takes only --config (got --${options[0] ?? "in"}): it reads the options of a run from the config file`,
      );
    const config = given["config"];
    if (config !== undefined && (typeof config !== "string" || config === ""))
      throw new UsageError("--config needs a value");
    return { command: "doctor", ...(typeof config === "string" && { config }) };
  }

  const values: Record<string, unknown> = fromEnvironment(env);
  for (const [flag, value] of Object.entries(given)) {
    const key = keyOfFlag.get(flag)!;
    values[key] = commandLineValue(TABLE[key]!, value);
  }
  if (afterDashes !== undefined && afterDashes.length > 0)
    values["in"] = [...((values["in"] as string[] | undefined) ?? []), ...afterDashes.map(String)];
  if (values["watch"] === true && values["check"] === true)
    throw new UsageError("--watch and --check cannot be used together: --check is for CI, --watch for your editor");

  const { check, watch, quiet, config, ...options } = values;
  return {
    command: "generate",
    options: options as Omit<GenerateOptions, "cwd">,
    run: {
      check: check === true,
      watch: watch === true,
      quiet: quiet === true,
      ...(typeof config === "string" && { config }),
    },
  };
}

const DIFF_FLAGS = ["json", "verbose", "fail-on", "allow", "config", "help"];

/** `diff <old> [<new>] [--json] [--verbose] [--fail-on breaking] [--allow <tool>]... [--config <file>]`. */
function parseDiff(argv: readonly string[]): CommandLine {
  const parsed = parser.detailed([...argv], {
    boolean: ["json", "verbose", "help"],
    string: ["fail-on", "config"],
    array: ["allow"],
    alias: { help: ["h"] },
    configuration: {
      "camel-case-expansion": false,
      "strip-aliased": true,
      "parse-numbers": false,
      "parse-positional-numbers": false,
    },
  });
  if (parsed.error) throw new UsageError(parsed.error.message);
  const { _: positionals, ...given } = parsed.argv as Record<string, unknown> & { _: (string | number)[] };
  for (const name of Object.keys(given)) {
    if (DIFF_FLAGS.includes(name)) continue;
    const suggestion = name.length === 1 ? undefined : suggestKey(name, DIFF_FLAGS);
    throw new UsageError(
      `unknown option ${name.length === 1 ? "-" : "--"}${name} ` +
        `for diff${suggestion === undefined ? "" : `: did you mean --${suggestion}?`}`,
    );
  }
  if (given["help"] === true) return { command: "help", topic: "diff" };
  const [old, next, stray] = positionals.map(String);
  if (old === undefined || old === "")
    throw new UsageError(
      "diff needs the spec set to compare with: a folder, a file, or git:<ref> (gen-client-tools diff git:main)",
    );
  if (stray !== undefined)
    throw new UsageError(`diff takes two spec sets at most (got ${JSON.stringify(stray)} as a third)`);
  const failOn = given["fail-on"];
  if (failOn !== undefined && failOn !== "breaking")
    throw new UsageError(`--fail-on takes "breaking" (got ${describe(failOn)})`);
  const config = given["config"];
  if (config !== undefined && (typeof config !== "string" || config === ""))
    throw new UsageError("--config needs a value");
  const allow = ((given["allow"] as unknown[] | undefined) ?? []).map(String);
  if (allow.includes("")) throw new UsageError("--allow needs a tool name");
  return {
    command: "diff",
    old,
    ...(next !== undefined && { new: next }),
    json: given["json"] === true,
    verbose: given["verbose"] === true,
    failOnBreaking: failOn === "breaking",
    allow,
    ...(typeof config === "string" && { config }),
  };
}

/** An option's value as yargs-parser read it, checked against its kind. */
function commandLineValue(spec: OptionSpec, value: unknown): unknown {
  const flag = `--${spec.flag}`;
  switch (spec.kind) {
    case "paths": {
      const paths = (value as unknown[]).map(String);
      if (paths.length === 0 || paths.includes("")) throw new UsageError(`${flag} needs a value`);
      return paths;
    }
    case "path":
    case "path-or-false": {
      const all = Array.isArray(value) ? value : [value];
      if (spec.kind === "path-or-false" && all.includes(false) && all.some((v) => typeof v === "string")) {
        throw new UsageError(`${flag} and --no-${spec.flag} cannot be used together`);
      }
      if (all.length > 1) throw new UsageError(`${flag} was given ${all.length} times: give it once`);
      if (value === false && spec.kind === "path-or-false") return false;
      if (typeof value !== "string" || value === "") throw new UsageError(`${flag} needs a value`);
      return value;
    }
    case "boolean":
    case "boolean-or-auto":
      return Array.isArray(value) ? value.at(-1) === true : value === true;
    case "import-extension": {
      const setting = importExtensionSetting(Array.isArray(value) ? value.at(-1) : value);
      if (setting === undefined) throw new UsageError(`${flag} must be ${expected(spec.kind)}, not ${describe(value)}`);
      return setting;
    }
  }
}

/** The options set by `GEN_CLIENT_TOOLS_*` variables; an unknown one is a usage error, GEN_CLIENT_TOOLS_DEBUG aside. */
function fromEnvironment(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const byVariable = new Map(Object.entries(TABLE).map(([key, spec]) => [environmentVariable(spec), key]));
  const values: Record<string, unknown> = {};
  for (const [variable, text] of Object.entries(env)) {
    if (!variable.startsWith("GEN_CLIENT_TOOLS_") || variable === DEBUG_VARIABLE || text === undefined) continue;
    const key = byVariable.get(variable);
    if (key === undefined) {
      const suggestion = suggestKey(variable, [...byVariable.keys(), DEBUG_VARIABLE]);
      throw new UsageError(
        `unknown environment variable ${variable}${suggestion === undefined ? "" : `: did you mean ${suggestion}?`}`,
      );
    }
    const spec = TABLE[key]!;
    const value = environmentValue(spec.kind, text);
    if (value === undefined) throw new UsageError(`${variable} must be ${expected(spec.kind)}, not ${describe(text)}`);
    values[key] = value;
  }
  return values;
}

function environmentValue(kind: OptionKind, text: string): unknown {
  const flag = ({ true: true, "1": true, yes: true, false: false, "0": false, no: false } as Record<string, boolean>)[
    text.toLowerCase()
  ];
  switch (kind) {
    case "paths":
      return text === "" ? undefined : text.split(path.delimiter).filter((p) => p !== "");
    case "path":
      return text === "" ? undefined : text;
    case "path-or-false":
      return flag === false ? false : text === "" ? undefined : text;
    case "boolean":
      return flag;
    case "boolean-or-auto":
      return text === "auto" ? "auto" : flag;
    case "import-extension":
      return importExtensionSetting(text);
  }
}
