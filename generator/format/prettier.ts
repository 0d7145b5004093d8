import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const CONFIG_FILES = [
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

/** Whether generated files in `outDir` are run through prettier: `setting` true, or "auto" (the default) with a prettier config. */
export function prettierApplies(setting: boolean | "auto" | undefined, outDir: string): boolean {
  return setting === true || ((setting ?? "auto") === "auto" && hasPrettierConfig(path.join(outDir, "index.ts")));
}

/** Whether the user's project configures prettier for `file` (looked up the way prettier does, without loading it). */
function hasPrettierConfig(file: string): boolean {
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

type Prettier = typeof import("prettier");

/**
 * Formats files with the user's own prettier (their version, their config), falling back to
 * the one this package depends on. Loaded only when a config exists.
 */
export async function formatWithPrettier(files: readonly { path: string; contents: string }[], cwd: string): Promise<{ path: string; contents: string }[]> {
  const prettier = await loadPrettier(cwd);
  return Promise.all(
    files.map(async (file) => {
      const options = (await prettier.resolveConfig(file.path)) ?? {};
      return { path: file.path, contents: await prettier.format(file.contents, { ...options, filepath: file.path }) };
    }),
  );
}

async function loadPrettier(cwd: string): Promise<Prettier> {
  try {
    const resolved = createRequire(path.join(cwd, "package.json")).resolve("prettier");
    return (await import(new URL(`file://${resolved}`).href)) as Prettier;
  } catch {
    return import("prettier");
  }
}
