import { withProjectStyle } from "./load/project-style.js";
import { readManifest } from "./manifest/read-manifest.js";
import type { GenerateOptions } from "./options/generate-options.js";
import { optionSettings, type ResolvedOptions } from "./options/resolve.js";

/**
 * `options` as a run uses them: the options stage's settings, and what "auto" means in this project. `validators`, when
 * not given, is what the run that wrote the output folder used (its manifest records it): a project generated once with
 * `--validators` keeps its validators through every later run, `--check` and `doctor`, until told `--no-validators`.
 * The other output-shaping options follow the project's own files (its tsconfig, its prettier config).
 */
export function resolveOptions(options: GenerateOptions): ResolvedOptions {
  const settings = optionSettings(options);
  const recorded = options.validators === undefined ? readManifest(settings.out)?.options?.["validators"] : undefined;
  return withProjectStyle(typeof recorded === "boolean" ? { ...settings, validators: recorded } : settings);
}
