import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BANNER_PREFIX } from "../emit/banner.js";

export interface FileToWrite {
  readonly path: string;
  readonly contents: string;
}

export interface WriteReport {
  /** Files whose contents changed (or, with check, would change). */
  readonly changed: readonly string[];
  readonly unchanged: readonly string[];
  /** Generated files that no longer belong to the output (deleted, or with check, would be). */
  readonly stale: readonly string[];
}

/**
 * Writes each file atomically (a temporary file beside it, then a rename), so an interrupted
 * run never leaves half a file; skips files whose contents are already right, so watchers and
 * bundlers see no change. Files in `outDir` that carry the generated banner but are no longer
 * produced are removed; nothing else there is touched. With `check`, writes nothing and reports.
 */
export function writeFiles(files: readonly FileToWrite[], outDir: string | undefined, check: boolean): WriteReport {
  const changed: string[] = [];
  const unchanged: string[] = [];
  for (const file of files) {
    if (readIfExists(file.path) === file.contents) {
      unchanged.push(file.path);
      continue;
    }
    changed.push(file.path);
    if (!check) writeAtomically(file.path, file.contents);
  }
  const stale = outDir === undefined ? [] : staleGeneratedFiles(outDir, new Set(files.map((f) => path.resolve(f.path))));
  if (!check) for (const file of stale) rmSync(file, { force: true });
  return { changed, unchanged, stale };
}

function writeAtomically(file: string, contents: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, contents);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function staleGeneratedFiles(outDir: string, keep: ReadonlySet<string>): string[] {
  let entries: string[];
  try {
    entries = readdirSync(outDir, { recursive: true, encoding: "utf8" });
  } catch {
    return [];
  }
  return entries
    .map((entry) => path.resolve(outDir, entry))
    .filter((file) => /\.(ts|js|d\.ts)$/.test(file) && !keep.has(file) && readIfExists(file)?.startsWith(BANNER_PREFIX) === true)
    .sort();
}

function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
