import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { GenerateError } from "../diagnostics.js";
import { relativePath } from "../relative-path.js";

type Prettier = typeof import("prettier");

/**
 * A prettier loaded for one output folder: which one it is, and a function that formats files as the user's `prettier
 * --write` would.
 */
export interface Formatter {
  readonly version: string;
  /** Where that prettier was loaded from; undefined for the copy this package depends on. */
  readonly from: string | undefined;
  /**
   * Each file formatted with the config that applies to it; a file the project's
   * `.prettierignore` names comes back as it was. Throws a GenerateError naming the config when
   * prettier fails (a plugin that is not installed, say).
   */
  format(files: readonly { path: string; contents: string }[]): Promise<{ path: string; contents: string }[]>;
}

/**
 * The prettier that the output folder's package resolves (the user's own version, so that their
 * `prettier --check` agrees; in a monorepo, the package's), falling back to the one this package
 * depends on. Messages name files relative to `cwd`. Configs are read afresh, so a long-running watcher sees an edited
 * `.prettierrc`.
 */
export async function loadFormatter(outDir: string, cwd: string): Promise<Formatter> {
  const { prettier, from } = await loadPrettier(outDir);
  await prettier.clearConfigCache();
  const ignorePath = findUp(outDir, ".prettierignore");
  return {
    version: prettier.version,
    from,
    format: (files) =>
      Promise.all(
        files.map(async (file) => {
          try {
            if (ignorePath !== undefined && (await prettier.getFileInfo(file.path, { ignorePath })).ignored)
              return file;
            // The CLI's defaults: .editorconfig counts, and plugins named in the config load from the config's folder.
            const config = (await prettier.resolveConfig(file.path, { editorconfig: true })) ?? {};
            const configFile = config.plugins === undefined ? null : await prettier.resolveConfigFile(file.path);
            const plugins = config.plugins?.map((plugin) =>
              typeof plugin === "string" && configFile !== null ? resolvePlugin(plugin, configFile) : plugin,
            );
            return {
              path: file.path,
              contents: await prettier.format(file.contents, {
                ...config,
                ...(plugins && { plugins }),
                filepath: file.path,
              }),
            };
          } catch (error) {
            throw await prettierFailure(prettier, file.path, cwd, error);
          }
        }),
      ),
  };
}

/** What to tell the user when their prettier fails: which config, which file, and prettier's own words. */
async function prettierFailure(prettier: Prettier, file: string, cwd: string, error: unknown): Promise<GenerateError> {
  const configFile = await prettier.resolveConfigFile(file).catch(() => null);
  // Prettier's first line may only say where ("YAML Error in ".prettierrc":"): the cause is the next one.
  const lines = (error instanceof Error ? error.message : String(error))
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const message = lines[0]?.endsWith(":") && lines[1] !== undefined ? `${lines[0]} ${lines[1]}` : (lines[0] ?? "");
  return new GenerateError([
    {
      file: configFile === null ? path.basename(file) : relativePath(cwd, configFile),
      message:
        `prettier ${prettier.version} could not format ${path.basename(file)}: ${message}; ` +
        `fix the prettier config, or set "prettier": false in gen-client-tools.config.json`,
    },
  ]);
}

async function loadPrettier(outDir: string): Promise<{ prettier: Prettier; from: string | undefined }> {
  let resolved: string;
  try {
    resolved = createRequire(path.join(outDir, "noop.js")).resolve("prettier");
  } catch {
    return { prettier: await import("prettier"), from: undefined };
  }
  // require.resolve finds prettier's CommonJS entry, whose import() holds its API under `default`.
  const loaded = (await import(pathToFileURL(resolved).href)) as Prettier | { default: Prettier };
  const prettier = "resolveConfig" in loaded ? loaded : loaded.default;
  return { prettier, from: path.dirname(resolved) };
}

/**
 * A plugin named by package in a config: resolved from the config's folder when it resolves there, else left to
 * prettier.
 */
function resolvePlugin(plugin: string, configFile: string): string {
  if (plugin.startsWith(".") || path.isAbsolute(plugin) || /^[a-z]+:/i.test(plugin)) return plugin;
  try {
    return createRequire(configFile).resolve(plugin);
  } catch {
    return plugin;
  }
}

function findUp(start: string, name: string): string | undefined {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, name))) return path.join(dir, name);
    if (path.dirname(dir) === dir) return undefined;
  }
}
