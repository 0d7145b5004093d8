import { appendFileSync, existsSync, lstatSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sha256Hex } from "@gen-client-tools/runtime/core";
import { NO_CACHE, type ValidatorCache } from "../emit/validators/validator-cache.js";
import { writeFiles } from "../write/write-files.js";
import { compactedRecords, entryWith, fileDigestOf, type PackEntries, packRecord, readPack } from "./validator-pack.js";

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
      if (entry?.key !== key) return undefined;
      const { fileDigest, warnings } = entry;
      return {
        fileDigest,
        warnings,
        module: () => {
          const code = entry.code();
          return code !== undefined && fileDigestOf(code) === fileDigest
            ? { code: code.toString("utf8"), warnings, fileDigest }
            : undefined;
        },
      };
    },
    set(id, key, module) {
      const code = Buffer.from(module.code, "utf8");
      const entry = entryWith(key, module.warnings, code);
      const kept = { code: module.code, warnings: module.warnings, fileDigest: entry.fileDigest };
      try {
        mkdirSync(root, { recursive: true });
        // One write of the whole record: a parallel run's records go before or after it, never inside.
        appendFileSync(pack, packRecord(id, entry, code));
      } catch {
        // A read-only or full disk: the next run compiles again.
        return kept;
      }
      const found = entries();
      found.garbageBytes += found.live.get(id)?.bytes ?? 0;
      found.live.set(id, entry);
      return kept;
    },
    prune(ids) {
      const found = entries();
      let removed = false;
      for (const id of found.live.keys()) {
        if (ids.has(id)) continue;
        found.garbageBytes += found.live.get(id)!.bytes;
        found.live.delete(id);
        removed = true;
      }
      // The file is written again without a removed tool's entry, or once superseded entries outweigh the live ones.
      const liveBytes = [...found.live.values()].reduce((sum, entry) => sum + entry.bytes, 0);
      if (removed || found.damaged || found.garbageBytes >= Math.max(liveBytes, COMPACT_BYTES)) {
        try {
          writeFiles([{ path: pack, contents: "", pieces: compactedRecords(found.live) }], undefined, false);
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

/** Below this, entries superseded or removed are left in the file. */
const COMPACT_BYTES = 1 << 20;
