import { readFileSync } from "node:fs";
import path from "node:path";
import { sha256Hex } from "@gen-client-tools/runtime/core";
import { type KnownFile, type KnownFiles, knownFiles } from "../write/known-files.js";
import { writeFiles } from "../write/write-files.js";
import { validatorCacheRoot } from "./validator-cache.js";

const FORMAT = 1;

/** One entry as stored: its stamp's fields, then the digest. */
export type StoredEntry = [size: number, mtimeMs: number, ctimeMs: number, ino: number, dev: number, digest: string];

export function storedEntry({ stamp, digest }: KnownFile): StoredEntry {
  return [stamp.size, stamp.mtimeMs, stamp.ctimeMs, stamp.ino, stamp.dev, digest];
}

/** The entry as stored, or undefined when it does not read as one. */
export function knownFileOf(entry: unknown): KnownFile | undefined {
  if (!isStoredEntry(entry)) return undefined;
  const [size, mtimeMs, ctimeMs, ino, dev, digest] = entry;
  return { stamp: { size, mtimeMs, ctimeMs, ino, dev }, digest };
}

/**
 * The write stage's record of an output folder's files (see KnownFiles), kept beside the validators' cache. Best
 * effort: a record that does not read is empty, and one that cannot be written is skipped; an entry only ever spares a
 * read when the file's stamp is still the one it names.
 */
export function openKnownFiles(outDir: string): { readonly files: KnownFiles; save(): void } {
  const root = validatorCacheRoot(outDir);
  const out = path.resolve(outDir);
  const file = root && path.join(root, `written-${sha256Hex(out).slice(0, 16)}.json`);
  const files = knownFiles(file === undefined ? new Map() : readEntries(file, out));
  return {
    files,
    save() {
      const entries = files.changed();
      if (file === undefined || entries === undefined) return;
      const stored: Record<string, StoredEntry> = {};
      for (const [name, entry] of entries) stored[path.relative(out, name)] = storedEntry(entry);
      try {
        writeFiles(
          [{ path: file, contents: `${JSON.stringify({ format: FORMAT, files: stored })}\n` }],
          undefined,
          false,
        );
      } catch {
        // A read-only or full disk: the next run reads the files back.
      }
    },
  };
}

function readEntries(file: string, out: string): Map<string, KnownFile> {
  const entries = new Map<string, KnownFile>();
  let stored: unknown;
  try {
    stored = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return entries;
  }
  const { format, files } = (stored ?? {}) as { format?: unknown; files?: unknown };
  if (format !== FORMAT || typeof files !== "object" || files === null) return entries;
  for (const [name, entry] of Object.entries(files)) {
    const known = knownFileOf(entry);
    if (known !== undefined) entries.set(path.resolve(out, name), known);
  }
  return entries;
}

function isStoredEntry(entry: unknown): entry is StoredEntry {
  return (
    Array.isArray(entry) &&
    entry.length === 6 &&
    entry.slice(0, 5).every((field) => typeof field === "number") &&
    typeof entry[5] === "string"
  );
}
