import path from "node:path";
import type { RecordedOptions } from "../output-format/manifest.js";
import type { GenerateOptions } from "./generate-options.js";
import type { ImportExtension, ImportExtensionSetting } from "./import-style.js";
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

/**
 * What a run is told: the table's defaults filled in and paths resolved against `cwd` (default
 * the process's), with `prettier` and `importExtension` as given ("auto" is decided by the load
 * stage, which reads the project: `resolveOptions` in load/).
 */
export interface OptionSettings extends Omit<ResolvedOptions, "prettier" | "importExtension"> {
  readonly prettier: boolean | "auto";
  readonly importExtension: ImportExtensionSetting;
}

export function optionSettings(options: GenerateOptions): OptionSettings {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const absolute = (p: string): string => path.resolve(cwd, p);
  const stubs = options.stubs ?? GENERATE_OPTIONS.stubs.default;
  return {
    cwd,
    in: (options.in ?? GENERATE_OPTIONS.in.default).map(absolute),
    out: absolute(options.out ?? GENERATE_OPTIONS.out.default),
    stubs: stubs === false ? false : absolute(stubs),
    validators: options.validators ?? GENERATE_OPTIONS.validators.default,
    prettier: options.prettier ?? "auto",
    failOnWarnings: options.failOnWarnings ?? GENERATE_OPTIONS.failOnWarnings.default,
    importExtension: options.importExtension ?? GENERATE_OPTIONS.importExtension.default,
  };
}

/** The options that change the text of generated files, as one value (the manifest digests it whole). */
export function outputShapingOptions(options: ResolvedOptions): RecordedOptions {
  const keys = (Object.keys(GENERATE_OPTIONS) as GenerateOptionKey[]).filter(
    (key) => GENERATE_OPTIONS[key].shapesOutput,
  );
  return Object.fromEntries(keys.map((key) => [key, options[key] as string | boolean]));
}
