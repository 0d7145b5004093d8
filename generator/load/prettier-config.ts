import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export const CONFIG_FILES = [
  ".prettierrc",
  ".prettierrc.json",
  ".prettierrc.yaml",
  ".prettierrc.yml",
  ".prettierrc.json5",
  ".prettierrc.js",
  ".prettierrc.cjs",
  ".prettierrc.mjs",
  ".prettierrc.ts",
  ".prettierrc.cts",
  ".prettierrc.mts",
  ".prettierrc.toml",
  "prettier.config.js",
  "prettier.config.cjs",
  "prettier.config.mjs",
  "prettier.config.ts",
  "prettier.config.cts",
  "prettier.config.mts",
];

/**
 * Whether generated files in `outDir` are run through prettier: `setting` true, or "auto" (the default) with a prettier
 * config.
 */
export function prettierApplies(setting: boolean | "auto" | undefined, outDir: string): boolean {
  return setting === true || ((setting ?? "auto") === "auto" && hasPrettierConfig(path.join(outDir, "index.ts")));
}

/** Whether the user's project configures prettier for `file` (looked up the way prettier does, without loading it). */
export function hasPrettierConfig(file: string): boolean {
  for (let dir = path.dirname(path.resolve(file)); ; dir = path.dirname(dir)) {
    if (CONFIG_FILES.some((name) => existsSync(path.join(dir, name)))) return true;
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, "utf8")) as { prettier?: unknown }).prettier !== undefined) return true;
      } catch {
        // A broken package.json is not ours to report.
      }
    }
    if (path.dirname(dir) === dir) return false;
  }
}
