import type { GenerateOptions } from "./generate-options.js";

/**
 * How an option's value is written: in the config file, on the command line (`--flag VALUE`,
 * `--flag`, `--no-flag`) and in a `GEN_CLIENT_TOOLS_*` environment variable.
 */
export type OptionKind =
  /**
   * One or more paths: a string or a list in the config; `--in a b`; `a:b` (the platform's path delimiter) in the
   * environment.
   */
  | "paths"
  | "path"
  /** A path, or false for none: `--no-stubs`. */
  | "path-or-false"
  | "boolean"
  /** true, false, or "auto" (the default): `--prettier`, `--no-prettier`. */
  | "boolean-or-auto"
  /** How generated modules name each other: "auto" (the default, from the tsconfig), ".js", ".ts" or "none". */
  | "import-extension";

export interface OptionSpec {
  readonly kind: OptionKind;
  /** On the command line: `--<flag>`. */
  readonly flag: string;
  readonly short?: string;
  /** In `--help`: the value's name. */
  readonly value?: string;
  readonly describe: string;
  /** The value when none is given (paths relative to the working folder). */
  readonly default: string | readonly string[] | boolean;
  /** It changes the text of generated files: the manifest digests it, and `--check` compares it. */
  readonly shapesOutput: boolean;
}

type GenerateOptionName = Exclude<keyof GenerateOptions, "cwd">;

/**
 * The options of a generation, once: the API (`GenerateOptions`), the config file, the command
 * line and its help, the environment, the Vite plugin and the manifest all read this table.
 * The `satisfies` keeps it and GenerateOptions naming the same options.
 */
export const GENERATE_OPTIONS = {
  in: {
    kind: "paths",
    flag: "in",
    value: "PATH...",
    describe: "spec folders or files",
    default: ["client-tools"],
    shapesOutput: false,
  },
  out: {
    kind: "path",
    flag: "out",
    value: "DIR",
    describe: "output folder",
    default: "src/client-tools.gen",
    shapesOutput: false,
  },
  stubs: {
    kind: "path-or-false",
    flag: "stubs",
    value: "FILE",
    describe: "your handlers file: created once, then new tools get stubs; --no-stubs for none",
    default: "src/client-tool-handlers.ts",
    shapesOutput: false,
  },
  validators: {
    kind: "boolean",
    flag: "validators",
    describe:
      "also write standalone ajv validators to <out>/validators/ (they import only @gen-client-tools/runtime at run time)",
    default: false,
    shapesOutput: true,
  },
  prettier: {
    kind: "boolean-or-auto",
    flag: "prettier",
    describe: "format the output with your prettier (default: when your project has a prettier config)",
    default: "auto",
    shapesOutput: true,
  },
  importExtension: {
    kind: "import-extension",
    flag: "import-extension",
    value: "EXT",
    describe:
      'how generated modules import each other: ".js", ".ts", "none" (default: "auto", from your tsconfig\'s module resolution)',
    default: "auto",
    shapesOutput: true,
  },
  failOnWarnings: {
    kind: "boolean",
    flag: "fail-on-warnings",
    describe: "treat spec-quality warnings (a misspelt schema keyword, say) as problems",
    default: false,
    shapesOutput: false,
  },
} as const satisfies { readonly [K in GenerateOptionName]-?: OptionSpec };

/** The options of one run of the command line, beside the generation's. */
export const RUN_OPTIONS = {
  check: {
    kind: "boolean",
    flag: "check",
    describe: "write nothing; exit 1 if any generated file would change (for CI)",
    default: false,
    shapesOutput: false,
  },
  watch: {
    kind: "boolean",
    flag: "watch",
    short: "w",
    describe: "generate, then again whenever a spec file changes (Ctrl-C to stop)",
    default: false,
    shapesOutput: false,
  },
  config: {
    kind: "path",
    flag: "config",
    value: "FILE",
    describe: "config file (default: gen-client-tools.config.json when present)",
    default: "gen-client-tools.config.json",
    shapesOutput: false,
  },
  quiet: {
    kind: "boolean",
    flag: "quiet",
    short: "q",
    describe: "print errors only",
    default: false,
    shapesOutput: false,
  },
} as const satisfies Record<string, OptionSpec>;

export type GenerateOptionKey = keyof typeof GENERATE_OPTIONS;
export type RunOptionKey = keyof typeof RUN_OPTIONS;

/** The environment variable that sets an option: `GEN_CLIENT_TOOLS_FAIL_ON_WARNINGS`. */
export function environmentVariable(spec: OptionSpec): string {
  return `GEN_CLIENT_TOOLS_${spec.flag.toUpperCase().replaceAll("-", "_")}`;
}

/** Set apart from the options: GEN_CLIENT_TOOLS_DEBUG prints an internal error's stack. */
export const DEBUG_VARIABLE = "GEN_CLIENT_TOOLS_DEBUG";

/** What a value of this kind looks like, for a message. */
export function expected(kind: OptionKind): string {
  switch (kind) {
    case "paths":
      return "a path or a list of paths";
    case "path":
      return "a path";
    case "path-or-false":
      return "a path, or false for none";
    case "boolean":
      return "true or false";
    case "boolean-or-auto":
      return 'true, false or "auto"';
    case "import-extension":
      return '"auto", ".js", ".ts" or "none"';
  }
}

/** A found value, shortly: what the user wrote. */
export function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
