import { existsSync } from "node:fs";
import path from "node:path";
import { compilerOptionsOf, nearestTsconfig } from "./tsconfig-style.js";

/** A tsconfig `paths` alias for a whole folder, as create-next-app writes `"@/*": ["./src/*"]` or `["./*"]`. */
export interface PathAlias {
  /** The alias without its `*`: `@/`. */
  readonly prefix: string;
  /** The folder it maps to (absolute). */
  readonly folder: string;
  /** The tsconfig that declares it. */
  readonly tsconfig: string;
}

/**
 * The folder alias of the project at `cwd`: `@/*` when its nearest tsconfig maps it, else the first `X/*` mapped to
 * one folder's `*`. Paths are relative to `baseUrl` when it is set, else to the tsconfig's folder.
 */
export function folderAlias(cwd: string): PathAlias | undefined {
  const tsconfig = nearestTsconfig(cwd);
  const options = tsconfig === undefined ? undefined : compilerOptionsOf(tsconfig, new Set());
  const paths = options?.paths;
  if (tsconfig === undefined || typeof paths !== "object" || paths === null) return undefined;
  const base = path.resolve(path.dirname(tsconfig), typeof options?.baseUrl === "string" ? options.baseUrl : ".");
  const folders = Object.entries(paths as Record<string, unknown>).flatMap(([key, targets]) => {
    const target = Array.isArray(targets) ? targets[0] : undefined;
    if (!key.endsWith("/*") || typeof target !== "string" || !target.endsWith("*")) return [];
    const folder = path.resolve(base, target.slice(0, -1));
    return [{ prefix: key.slice(0, -1), folder, tsconfig }];
  });
  return folders.find((alias) => alias.prefix === "@/") ?? folders[0];
}

/**
 * Where `init` puts the generated code and the handlers: in the folder the project's alias maps (`@/client-tools.gen`
 * then resolves), in `src/` without an alias when the project has one, and at the root for a project whose app lives
 * there (`app/` or `pages/` and no `src/`, as create-next-app makes it without `src`).
 */
export function projectCodeFolder(cwd: string): string {
  const alias = folderAlias(cwd);
  if (alias !== undefined && isInside(alias.folder, cwd)) return alias.folder;
  const has = (name: string) => existsSync(path.join(cwd, name));
  return !has("src") && (has("app") || has("pages")) ? path.resolve(cwd) : path.join(cwd, "src");
}

export function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}
