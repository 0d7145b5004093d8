import { createHash } from "node:crypto";
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { banner } from "../output-format/banner.js";

const ENTRY_FORMAT = 3;

/**
 * The validators cache's file: records one after the other, each a header (JSON on one line, with the length of the
 * code that follows it) and a tool's module code, then a line feed. A run reads the headers only; a module's code is
 * read when a run needs its text (most reruns need none: see deferredFile).
 */
export interface PackEntry {
  readonly key: string;
  /** The checksum, checked before the code is used: the textDigest of the module's file (see fileDigestOf). */
  readonly fileDigest: string;
  readonly warnings: readonly string[];
  /** The code's length in bytes. */
  readonly bytes: number;
  /** The code: kept for an entry this process wrote, else read from the file; undefined when it cannot be read. */
  code(): Buffer | undefined;
}

export interface PackEntries {
  /** The last entry of each tool. */
  readonly live: Map<string, PackEntry>;
  /** The bytes of code in entries that a later one or a prune made useless. */
  garbageBytes: number;
  /** Whether a record did not read: what this run appends would be behind it, so the file is written again. */
  damaged: boolean;
}

/** An entry whose code this process holds. */
export function entryWith(key: string, warnings: readonly string[], code: Buffer): PackEntry {
  return { key, fileDigest: fileDigestOf(code), warnings, bytes: code.length, code: () => code };
}

/** A record as appended to the file. */
export function packRecord(id: string, entry: PackEntry, code: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${JSON.stringify(headerOf(id, entry))}\n`), code, NEWLINE]);
}

/**
 * The file's text with the live entries only, whose code is read now (and then kept: the rewritten file no longer has
 * it where the entries found it); an entry whose code cannot be read is dropped.
 */
export function compactedRecords(live: Map<string, PackEntry>): string[] {
  const records: string[] = [];
  for (const [id, entry] of live) {
    const code = entry.code();
    if (code === undefined) {
      live.delete(id);
      continue;
    }
    live.set(id, { ...entry, code: () => code });
    records.push(`${JSON.stringify(headerOf(id, entry))}\n${code.toString("utf8")}\n`);
  }
  return records;
}

/**
 * The textDigest of the validator file that holds `code` (the banner, then the code): the entry's checksum, which the
 * manifest then takes as the file's digest instead of hashing its text again.
 */
export function fileDigestOf(code: Buffer): string {
  return createHash("sha256").update(banner()).update(code).digest("hex");
}

const NEWLINE = Buffer.from("\n");
/** A header's first read; one that is longer (many warnings) is read again whole. */
const HEADER_READ = 1024;

function headerOf(id: string, entry: PackEntry): object {
  const { key, fileDigest, bytes, warnings } = entry;
  return { format: ENTRY_FORMAT, id, key, fileDigest, bytes, warnings };
}

/**
 * The file's headers up to the first record that does not read as one (cut short by a crash, or not a record at all).
 * A record's code is read later from where its header says; should the file have been written again by then (another
 * run compacting it), those bytes fail the checksum and the entry is a miss.
 */
export function readPack(file: string): PackEntries {
  const found: PackEntries = { live: new Map(), garbageBytes: 0, damaged: false };
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return found;
  }
  try {
    const size = fstatSync(fd).size;
    for (let at = 0; at < size; ) {
      const record = recordAt(fd, at, size, file);
      if (record === undefined) {
        found.damaged = true;
        break;
      }
      found.garbageBytes += found.live.get(record.id)?.bytes ?? 0;
      found.live.set(record.id, record.entry);
      at = record.next;
    }
  } catch {
    found.damaged = true;
  } finally {
    closeSync(fd);
  }
  return found;
}

function recordAt(
  fd: number,
  at: number,
  size: number,
  file: string,
): { id: string; entry: PackEntry; next: number } | undefined {
  const line = lineAt(fd, at, size);
  if (line === undefined) return undefined;
  let header: unknown;
  try {
    header = JSON.parse(line.text);
  } catch {
    return undefined;
  }
  if (typeof header !== "object" || header === null) return undefined;
  const { format, id, key, fileDigest, bytes, warnings } = header as Record<string, unknown>;
  const codeAt = line.end + 1;
  if (
    format !== ENTRY_FORMAT ||
    typeof id !== "string" ||
    typeof key !== "string" ||
    typeof fileDigest !== "string" ||
    typeof bytes !== "number" ||
    !Number.isSafeInteger(bytes) ||
    bytes < 0 ||
    codeAt + bytes >= size ||
    byteAt(fd, codeAt + bytes) !== 0x0a ||
    !Array.isArray(warnings) ||
    !warnings.every((w) => typeof w === "string")
  )
    return undefined;
  const code = () => readCode(file, codeAt, bytes);
  return { id, entry: { key, fileDigest, warnings, bytes, code }, next: codeAt + bytes + 1 };
}

/** The line that starts at `at` (its text and where its line feed is), or undefined when the file has none there. */
function lineAt(fd: number, at: number, size: number): { text: string; end: number } | undefined {
  for (let length = HEADER_READ; ; length *= 4) {
    const buffer = Buffer.allocUnsafe(Math.min(length, size - at));
    const read = readSync(fd, buffer, 0, buffer.length, at);
    const end = buffer.subarray(0, read).indexOf(0x0a);
    if (end !== -1) return { text: buffer.subarray(0, end).toString("utf8"), end: at + end };
    if (read < length) return undefined;
  }
}

function byteAt(fd: number, at: number): number | undefined {
  const one = Buffer.alloc(1);
  return readSync(fd, one, 0, 1, at) === 1 ? one[0] : undefined;
}

function readCode(file: string, at: number, bytes: number): Buffer | undefined {
  try {
    const fd = openSync(file, "r");
    try {
      const code = Buffer.allocUnsafe(bytes);
      let read = 0;
      while (read < bytes) {
        const got = readSync(fd, code, read, bytes - read, at + read);
        if (got === 0) return undefined;
        read += got;
      }
      return code;
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}
