import path from "node:path";
import { prettierApplies } from "../format/prettier.js";
import type { GenerateOptions } from "./generate-options.js";
import { type ImportExtension, resolveImportExtension } from "./import-style.js";
import { GENERATE_OPTIONS, type GenerateOptionKey } from "./table.js";

/** A generation's options with every default filled in and every path absolute. */
export interface ResolvedOptions {
  readonly cwd: string;
  readonly in: readonly string[];
  /** The output folder. */
  readonly out: string;
  readonly stubs: string | false;
  readonly validators: boolean;
  /** Whether prettier formats the output: "auto" decided by looking for the project's prettier config. */
  readonly prettier: boolean;
  readonly failOnWarnings: boolean;
  /** How generated modules name each other, as the project's tsconfig resolves modules. */
  readonly importExtension: ImportExtension;
}

/** `options` as a run uses them: the table's defaults, paths resolved against `cwd` (default the process's). */
export function resolveOptions(options: GenerateOptions): ResolvedOptions {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const absolute = (p: string): string => path.resolve(cwd, p);
  const stubs = options.stubs ?? GENERATE_OPTIONS.stubs.default;
  const out = absolute(options.out ?? GENERATE_OPTIONS.out.default);
  return {
    cwd,
    in: (options.in ?? GENERATE_OPTIONS.in.default).map(absolute),
    out,
    stubs: stubs === false ? false : absolute(stubs),
    validators: options.validators ?? GENERATE_OPTIONS.validators.default,
    prettier: prettierApplies(options.prettier ?? "auto", out),
    failOnWarnings: options.failOnWarnings ?? GENERATE_OPTIONS.failOnWarnings.default,
    importExtension: resolveImportExtension(options.importExtension ?? GENERATE_OPTIONS.importExtension.default, out),
  };
}

/** The options that change the text of generated files, as one value (the manifest digests it whole). */
export function outputShapingOptions(options: ResolvedOptions): Readonly<Record<string, unknown>> {
  const keys = (Object.keys(GENERATE_OPTIONS) as GenerateOptionKey[]).filter(
    (key) => GENERATE_OPTIONS[key].shapesOutput,
  );
  return Object.fromEntries(keys.map((key) => [key, options[key]]));
}
