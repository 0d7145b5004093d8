import type { OptionSettings, ResolvedOptions } from "../options/resolve.js";
import { prettierApplies } from "./prettier-config.js";
import { resolveImportExtension } from "./tsconfig-style.js";

/**
 * The settings as a run uses them: what "auto" means in this project (whether a prettier config
 * applies to the output folder, and the import style of its tsconfig), read here because only the
 * load stage reads the disk.
 */
export function withProjectStyle(settings: OptionSettings): ResolvedOptions {
  return {
    ...settings,
    prettier: prettierApplies(settings.prettier, settings.out),
    importExtension: resolveImportExtension(settings.importExtension, settings.out),
  };
}
