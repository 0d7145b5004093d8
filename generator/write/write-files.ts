import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  unlink,
  writeFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { BANNER_PREFIX } from "../output-format/banner.js";
import { MANIFEST_FILE, parseManifest } from "../output-format/manifest.js";
import { CHUNK_BYTES, CHUNK_CHARS, textChunks } from "../text-chunks.js";
import type { KnownFiles } from "./known-files.js";
import { holdsText, readIfSized, utf8Length } from "./same-text.js";
import type { WriteReport } from "./write-report.js";

export interface FileToWrite {
  readonly path: string;
  readonly contents: string;
  /** `contents` in pieces (see PiecedText): compared and written from them, never joined. */
  readonly pieces?: readonly string[];
  /** For `check`: whether the text on disk counts as these contents when it differs (default: never). */
  readonly sameAs?: (existing: string) => boolean;
}

/**
 * What the write stage can know of a file without reading it: the digest of the text it is to hold, where the run
 * took one, and what earlier runs found on disk (see KnownFiles).
 */
export interface KnownTexts {
  readonly files: KnownFiles;
  digestOf(file: FileToWrite): string | undefined;
}

/**
 * Writes each file atomically (a temporary file beside it, then a rename), so an interrupted
 * run never leaves half a file; skips files whose contents are already right, so watchers and
 * bundlers see no change. Files in `outDir` that this generator wrote (see `isGenerated`) but
 * that are no longer produced are removed, and so are the folders that leaves empty; nothing
 * else there is touched. With `check`, writes nothing and reports. `known`: a file it tells
 * is already right is not read.
 */
export function writeFiles(
  files: readonly FileToWrite[],
  outDir: string | undefined,
  check: boolean,
  known?: KnownTexts,
): WriteReport {
  const changed: string[] = [];
  const unchanged: string[] = [];
  /** The second names of the files this run replaced (see writeAtomically). */
  const replaced: string[] = [];
  try {
    for (const file of files) {
      const digest = known?.digestOf(file);
      if (digest !== undefined && known!.files.holds(file.path, digest)) {
        unchanged.push(file.path);
        continue;
      }
      const pieces = file.pieces ?? [file.contents];
      const existing = readIfSized(file.path, utf8Length(pieces));
      const holds = existing?.bytes !== undefined && holdsText(existing.bytes, pieces);
      if (holds || (existing !== undefined && check && file.sameAs?.(readIfExists(file.path) ?? "") === true)) {
        unchanged.push(file.path);
        if (holds && digest !== undefined && existing.status !== undefined)
          known!.files.record(file.path, existing.status, digest);
        continue;
      }
      changed.push(file.path);
      if (check) continue;
      const old = writeAtomically(file.path, pieces, existing !== undefined);
      if (old !== undefined) replaced.push(old);
    }
    const stale = outDir === undefined ? [] : removeStaleFiles(files, path.resolve(outDir), check, new Set(replaced));
    return { changed, unchanged, stale };
  } finally {
    // Freeing a replaced file's blocks holds its folder: started while this run still renames or lists there, it
    // would make those wait. Should one fail, or the process end first, the next run removes it as abandoned.
    for (const old of replaced) unlink(old, () => {});
  }
}

/**
 * Removes (unless `check`) the files in `root` that this generator wrote but that are not in `files`, and the
 * temporary files of runs that were killed; returns the former. `pending`: this run's own, removed by the caller.
 */
function removeStaleFiles(
  files: readonly FileToWrite[],
  root: string,
  check: boolean,
  pending: ReadonlySet<string>,
): string[] {
  const listed = filesUnder(root);
  const stale = staleGeneratedFiles(listed, root, new Set(files.map((f) => path.resolve(f.path))));
  if (!check) {
    const abandoned = abandonedTemporaryFiles(listed).filter((file) => !pending.has(file));
    for (const file of [...stale, ...abandoned]) {
      rmSync(file, { force: true });
      removeEmptyFolders(path.dirname(file), root);
    }
  }
  return stale;
}

/** `.<name>.<pid>.tmp`: written beside a file, then renamed over it. */
const TEMPORARY = /^\..+\.(\d+)\.tmp$/;

/**
 * Writes `file` through a temporary file renamed over it. A rename that drops a file's last name waits for the file
 * system: ext4 frees the old file's blocks (~1 ms a megabyte) and, when other files were just written, waits ~5 ms for
 * their data whatever the file's size. A file it `replaces` is first linked under a temporary name, so that the rename
 * drops no last name; that name is returned, for the caller to remove off the main thread once it is done in the
 * folder.
 */
function writeAtomically(file: string, pieces: readonly string[], replaces: boolean): string | undefined {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = temporaryPath(file, "");
  try {
    writeText(temporary, pieces);
    const old = replaces ? linkedAside(file) : undefined;
    renameSync(temporary, file);
    return old;
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function temporaryPath(file: string, role: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}${role}.${process.pid}.tmp`);
}

/** A second name for `file`, or undefined when it cannot have one (the name is taken, or links are not supported). */
function linkedAside(file: string): string | undefined {
  const old = temporaryPath(file, ".old");
  try {
    linkSync(file, old);
    return old;
  } catch {
    return undefined;
  }
}

/**
 * Writes the pieces' text as UTF-8. A text of megabytes (specs.ts for thousands of tools) goes a
 * chunk at a time through one buffer: written whole, Node would encode all of it at once, into a
 * buffer sized for three bytes a character.
 */
function writeText(file: string, pieces: readonly string[]): void {
  if (pieces.length === 1 && pieces[0]!.length <= CHUNK_CHARS) {
    writeFileSync(file, pieces[0]!);
    return;
  }
  const fd = openSync(file, "w");
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let used = 0;
    const flush = (): void => {
      for (let written = 0; written < used; ) written += writeSync(fd, buffer, written, used - written);
      used = 0;
    };
    for (const chunk of textChunks(pieces)) {
      // A chunk takes at most three bytes a character: room for it, or the buffer goes to the file first.
      if (used + 3 * chunk.length > buffer.length) flush();
      used += buffer.write(chunk, used);
    }
    flush();
  } finally {
    closeSync(fd);
  }
}

/** Temporary files of a run that was killed before it renamed them (its process is gone): a later run removes them. */
function abandonedTemporaryFiles(listed: readonly string[]): string[] {
  return listed.filter((file) => {
    const pid = TEMPORARY.exec(path.basename(file))?.[1];
    return pid !== undefined && !processAlive(Number(pid));
  });
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as { code?: unknown }).code === "EPERM";
  }
}

/** `listed`: the files under `outDir`, as the run found them after writing. */
function staleGeneratedFiles(listed: readonly string[], outDir: string, keep: ReadonlySet<string>): string[] {
  return listed.filter((file) => !keep.has(file) && generatedText(file, outDir) !== undefined);
}

/** The files in `outDir` (and its subfolders) that this generator wrote, sorted by path, with their text. */
export function listGeneratedFiles(outDir: string): { path: string; contents: string }[] {
  const root = path.resolve(outDir);
  return filesUnder(root).flatMap((file) => {
    const contents = generatedText(file, root);
    return contents === undefined ? [] : [{ path: file, contents }];
  });
}

/** Every entry under `root`, as absolute paths, sorted; none when it does not exist. */
function filesUnder(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, encoding: "utf8" })
      .map((entry) => path.resolve(root, entry))
      .sort();
  } catch {
    return [];
  }
}

/** The text of `file` when this generator wrote it, else undefined. */
function generatedText(file: string, outDir: string): string | undefined {
  if (!/\.(ts|js|json)$/.test(file)) return undefined;
  const contents = readIfExists(file);
  return contents !== undefined && isGenerated(file, contents, outDir) ? contents : undefined;
}

/**
 * A module that starts with the generated banner, or the manifest as the generator writes it (JSON has no comment to
 * carry a banner).
 */
function isGenerated(file: string, contents: string, outDir: string): boolean {
  if (/\.(ts|js)$/.test(file)) return contents.startsWith(BANNER_PREFIX);
  return path.relative(outDir, file) === MANIFEST_FILE && parseManifest(contents) !== undefined;
}

/** Removes `folder` and its parents up to (not including) `outDir` while they are empty. */
function removeEmptyFolders(folder: string, outDir: string): void {
  for (let dir = folder; dir !== outDir && dir.startsWith(outDir + path.sep); dir = path.dirname(dir)) {
    try {
      rmdirSync(dir);
    } catch {
      return; // not empty, so neither are its parents (or gone already, with its parents, for an earlier file)
    }
  }
}

function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
