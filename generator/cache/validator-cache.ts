import { createHash } from "node:crypto";
import { appendFileSync, existsSync, lstatSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sha256Hex } from "@gen-client-tools/runtime/core";
import { NO_CACHE, type ValidatorCache } from "../emit/validators/validator-cache.js";
import { banner } from "../output-format/banner.js";
import { writeFiles } from "../write/write-files.js";

const ENTRY_FORMAT = 3;
const EXTENSION = ".pack";

/**
 * The cache of compiled validator modules for one output folder (two outputs of one project keep apart), in the
 * project's node_modules/.cache: one file, which a run reads at once and appends to (creating a file per tool costs
 * half a millisecond or more on some file systems, as long as ajv takes to compile a small schema). Best effort
 * throughout: an entry that cannot be read, has another key or fails its checksum is a miss (and is written again);
 * a cache that cannot be written is skipped.
 */
export function openValidatorCache(cwd: string, outDir: string): ValidatorCache {
  const root = validatorCacheRoot(cwd);
  if (root === undefined) return NO_CACHE;
  const name = `validators-${sha256Hex(path.resolve(outDir)).slice(0, 16)}`;
  const pack = path.join(root, `${name}${EXTENSION}`);
  let read: PackEntries | undefined;
  const entries = (): PackEntries => {
    read ??= readPack(pack);
    return read;
  };
  return {
    get(id, key) {
      const entry = entries().live.get(id);
      if (entry?.key !== key || fileDigestOf(entry.code) !== entry.fileDigest) return undefined;
      return { code: entry.code.toString("utf8"), warnings: entry.warnings, fileDigest: entry.fileDigest };
    },
    set(id, key, module) {
      const code = Buffer.from(module.code, "utf8");
      const entry: PackEntry = { key, fileDigest: fileDigestOf(code), warnings: module.warnings, code };
      const kept = { code: module.code, warnings: module.warnings, fileDigest: entry.fileDigest };
      try {
        mkdirSync(root, { recursive: true });
        // One write of the whole record: a parallel run's records go before or after it, never inside.
        appendFileSync(pack, Buffer.concat([Buffer.from(`${JSON.stringify(headerOf(id, entry))}\n`), code, NEWLINE]));
      } catch {
        // A read-only or full disk: the next run compiles again.
        return kept;
      }
      const found = entries();
      found.garbageBytes += found.live.get(id)?.code.length ?? 0;
      found.live.set(id, entry);
      return kept;
    },
    prune(ids) {
      const found = entries();
      let removed = false;
      for (const id of found.live.keys()) {
        if (ids.has(id)) continue;
        found.garbageBytes += found.live.get(id)!.code.length;
        found.live.delete(id);
        removed = true;
      }
      // The file is written again without a removed tool's entry, or once superseded entries outweigh the live ones.
      const liveBytes = [...found.live.values()].reduce((sum, entry) => sum + entry.code.length, 0);
      if (removed || found.damaged || found.garbageBytes >= Math.max(liveBytes, COMPACT_BYTES)) {
        try {
          writeFiles([{ path: pack, contents: "", pieces: packRecords(found.live) }], undefined, false);
          found.garbageBytes = 0;
          found.damaged = false;
        } catch {
          // Left as it is: still a valid cache.
        }
      }
      // A folder of one file per tool, as other versions of the generator keep this cache: not read here.
      try {
        rmSync(path.join(root, name), { recursive: true, force: true });
      } catch {
        // Not there, or not ours to remove.
      }
    },
    holdsNone: () => entries().live.size === 0,
  };
}

/**
 * `node_modules/.cache/gen-client-tools` in the nearest folder up from `cwd` that has a
 * node_modules (where build tools keep their caches); without one, a folder of this user's in
 * the OS temp dir; undefined when neither can be used.
 */
export function validatorCacheRoot(cwd: string): string | undefined {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "node_modules"))) return path.join(dir, "node_modules", ".cache", "gen-client-tools");
    if (path.dirname(dir) === dir) return privateTempFolder();
  }
}

/**
 * Every user can create folders in a shared temp dir, and a planted entry would become
 * generated code: use the folder only when it is a real folder of this user's that no one
 * else can write to.
 */
function privateTempFolder(): string | undefined {
  const uid = process.getuid?.();
  const folder = path.join(tmpdir(), `gen-client-tools-cache-${uid ?? "user"}`);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const stats = lstatSync(folder);
    if (!stats.isDirectory()) return undefined;
    if (uid !== undefined && (stats.uid !== uid || (stats.mode & 0o022) !== 0)) return undefined;
    return folder;
  } catch {
    return undefined;
  }
}

const NEWLINE = Buffer.from("\n");
/** Below this, entries superseded or removed are left in the file. */
const COMPACT_BYTES = 1 << 20;

interface PackEntry {
  readonly key: string;
  /** The checksum, checked before the entry is used: the textDigest of the module's file (see fileDigestOf). */
  readonly fileDigest: string;
  readonly warnings: readonly string[];
  readonly code: Buffer;
}

interface PackEntries {
  /** The last entry of each tool. */
  readonly live: Map<string, PackEntry>;
  /** The bytes of code in entries that a later one or a prune made useless. */
  garbageBytes: number;
  /** Whether a record did not read: what this run appends would be behind it, so the file is written again. */
  damaged: boolean;
}

/** A record's header: JSON on one line, with the length of the code that follows it (and a line feed). */
function headerOf(id: string, entry: PackEntry): object {
  return {
    format: ENTRY_FORMAT,
    id,
    key: entry.key,
    fileDigest: entry.fileDigest,
    bytes: entry.code.length,
    warnings: entry.warnings,
  };
}

function packRecords(live: ReadonlyMap<string, PackEntry>): string[] {
  return [...live].map(([id, entry]) => `${JSON.stringify(headerOf(id, entry))}\n${entry.code.toString("utf8")}\n`);
}

/** The pack's records up to the first that does not read as one (cut short by a crash, or not a record at all). */
function readPack(file: string): PackEntries {
  const found: PackEntries = { live: new Map(), garbageBytes: 0, damaged: false };
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return found;
  }
  for (let at = 0; at < bytes.length; ) {
    const end = bytes.indexOf(0x0a, at);
    const record = end === -1 ? undefined : recordAt(bytes, at, end);
    if (record === undefined) {
      found.damaged = true;
      break;
    }
    found.garbageBytes += found.live.get(record.id)?.code.length ?? 0;
    found.live.set(record.id, record.entry);
    at = end + 1 + record.entry.code.length + 1;
  }
  return found;
}

function recordAt(bytes: Buffer, at: number, end: number): { id: string; entry: PackEntry } | undefined {
  let header: unknown;
  try {
    header = JSON.parse(bytes.subarray(at, end).toString("utf8"));
  } catch {
    return undefined;
  }
  if (typeof header !== "object" || header === null) return undefined;
  const { format, id, key, fileDigest, bytes: length, warnings } = header as Record<string, unknown>;
  if (
    format !== ENTRY_FORMAT ||
    typeof id !== "string" ||
    typeof key !== "string" ||
    typeof fileDigest !== "string" ||
    typeof length !== "number" ||
    !Number.isSafeInteger(length) ||
    length < 0 ||
    end + 1 + length >= bytes.length ||
    bytes[end + 1 + length] !== 0x0a ||
    !Array.isArray(warnings) ||
    !warnings.every((w) => typeof w === "string")
  )
    return undefined;
  return { id, entry: { key, fileDigest, warnings, code: bytes.subarray(end + 1, end + 1 + length) } };
}

/**
 * The textDigest of the validator file that holds `code` (the banner, then the code): the entry's checksum, which the
 * manifest then takes as the file's digest instead of hashing its text again.
 */
function fileDigestOf(code: Buffer): string {
  return createHash("sha256").update(banner()).update(code).digest("hex");
}
