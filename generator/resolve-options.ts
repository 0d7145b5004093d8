import { withProjectStyle } from "./load/project-style.js";
import type { GenerateOptions } from "./options/generate-options.js";
import { optionSettings, type ResolvedOptions } from "./options/resolve.js";

/** `options` as a run uses them: the options stage's settings, and what "auto" means in this project. */
export function resolveOptions(options: GenerateOptions): ResolvedOptions {
  return withProjectStyle(optionSettings(options));
}
