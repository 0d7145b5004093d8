import { statSync } from "node:fs";
import path from "node:path";
import type { GenerateOptions } from "../options/generate-options.js";
import { isInside } from "../relative-path.js";
import { resolveOptions } from "../resolve-options.js";

/** A folder to watch: a spec folder with its subfolders, or the folder of a spec file given by name. */
export interface WatchRoot {
  readonly dir: string;
  readonly recursive: boolean;
}

/** What watching a generation means: the roots to watch, the paths to ignore, and the output folder. */
export interface WatchPlan {
  readonly roots: readonly WatchRoot[];
  /** The generator's own output (the output folder, the handlers file): writing it never starts a run. */
  readonly ignored: readonly string[];
  readonly outDir: string;
}

/** The watch plan of a generation with these options (paths relative to `cwd`, which is absolute). */
export function watchPlan(options: GenerateOptions, cwd: string): WatchPlan {
  const { out, stubs, in: inputs } = resolveOptions({ ...options, cwd });
  return { roots: specWatchRoots(inputs, cwd), ignored: stubs === false ? [out] : [out, stubs], outDir: out };
}

/**
 * The folders whose changes can change the output of `--in` (as `listSpecFiles` reads it): a
 * spec folder with its subfolders, which hold the schemas that file `$ref`s name; for a spec
 * file given by name, its own folder, not the folders under it (which may be a whole project).
 * An input that does not exist yet is watched for: as a file when its name ends in .json, else
 * as a folder.
 */
function specWatchRoots(inputs: readonly string[], cwd: string): WatchRoot[] {
  const roots = new Map<string, WatchRoot>();
  for (const input of inputs) {
    const absolute = path.resolve(cwd, input);
    const root = isFolder(absolute)
      ? { dir: absolute, recursive: true }
      : { dir: path.dirname(absolute), recursive: false };
    if (!roots.get(root.dir)?.recursive) roots.set(root.dir, root);
  }
  return [...roots.values()];
}

function isFolder(input: string): boolean {
  try {
    return statSync(input).isDirectory();
  } catch {
    return !input.endsWith(".json");
  }
}

/**
 * Whether a change at `file` (absolute) can change the output: it is a root itself (removed,
 * replaced, or a change the platform did not name), or under a root (for the folder of a named
 * spec file, a .json file directly in it), and it is not hidden (editor swap files, the
 * writer's own `.<name>.<pid>.tmp`), under node_modules, or under one of `ignored` (the output
 * folder, the handlers file).
 */
export function affectsSpecs(file: string, roots: readonly WatchRoot[], ignored: readonly string[]): boolean {
  if (ignored.some((skip) => file === skip || isInside(skip, file))) return false;
  return roots.some((root) => {
    if (file === root.dir) return true;
    if (!isInside(root.dir, file)) return false;
    const parts = path.relative(root.dir, file).split(path.sep);
    if (parts.some((part) => part.startsWith(".") || part === "node_modules")) return false;
    return root.recursive || (parts.length === 1 && file.endsWith(".json"));
  });
}
