import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sha256Hex } from "@gen-client-tools/runtime/core";
import { type CachedModule, NO_CACHE, type ValidatorCache } from "../emit/validators/validator-cache.js";
import { writeFiles } from "../write/write-files.js";

const ENTRY_FORMAT = 1;
const EXTENSION = ".cache";

/**
 * The cache of compiled validator modules for one output folder (two outputs of one project
 * keep apart), in the project's node_modules/.cache. Best effort throughout: an entry that
 * cannot be read, does not parse, has another key or fails its checksum is a miss (and is
 * rewritten); a cache that cannot be written is skipped.
 */
export function openValidatorCache(cwd: string, outDir: string): ValidatorCache {
  const root = validatorCacheRoot(cwd);
  if (root === undefined) return NO_CACHE;
  const folder = path.join(root, `validators-${sha256Hex(path.resolve(outDir)).slice(0, 16)}`);
  const entry = (id: string): string => path.join(folder, `${id}${EXTENSION}`);
  return {
    get: (id, key) => readEntry(entry(id), key),
    set(id, key, module) {
      try {
        // Written atomically, so that a crash or a parallel run never leaves half an entry.
        writeFiles([{ path: entry(id), contents: entryText(key, module) }], undefined, false);
      } catch {
        // A read-only or full disk: the next run compiles again.
      }
    },
    holdsNone() {
      try {
        return !readdirSync(folder).some((name) => name.endsWith(EXTENSION));
      } catch {
        return true;
      }
    },
    prune(ids) {
      let names: string[];
      try {
        names = readdirSync(folder);
      } catch {
        return;
      }
      for (const name of names) {
        if (!(name.endsWith(EXTENSION) && ids.has(name.slice(0, -EXTENSION.length))))
          rmSync(path.join(folder, name), { force: true, recursive: true });
      }
    },
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

/** A header line (JSON) and the module's code, which the header's checksum covers. */
function entryText(key: string, module: CachedModule): string {
  const header = { format: ENTRY_FORMAT, key, sha256: sha256Hex(module.code), warnings: module.warnings };
  return `${JSON.stringify(header)}\n${module.code}`;
}

function readEntry(file: string, key: string): CachedModule | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const end = bytes.indexOf(0x0a);
  if (end === -1) return undefined;
  let header: unknown;
  try {
    header = JSON.parse(bytes.subarray(0, end).toString("utf8"));
  } catch {
    return undefined;
  }
  if (typeof header !== "object" || header === null) return undefined;
  const { format, key: entryKey, sha256, warnings } = header as Record<string, unknown>;
  if (
    format !== ENTRY_FORMAT ||
    entryKey !== key ||
    !Array.isArray(warnings) ||
    !warnings.every((w) => typeof w === "string")
  )
    return undefined;
  const code = bytes.subarray(end + 1);
  if (sha256 !== sha256Hex(code)) return undefined;
  return { code: code.toString("utf8"), warnings: warnings as string[] };
}
