import { readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";
import type { WatchRoot } from "./spec-roots.js";

export interface WatchFoldersOptions {
  /** Poll from the start instead of using fs.watch (the fallback, forced). */
  readonly poll?: boolean;
  /** How often the fallback looks; default 300 ms. */
  readonly intervalMs?: number;
}

/**
 * Calls `onChange(absolutePath)` when something under a root is added, changed or removed.
 * fs.watch first (recursive works on Linux, macOS and Windows in Node 20). A root falls back
 * to polling its files' sizes and modification times where fs.watch cannot be used (a
 * platform without it, the inotify limit reached), and once the root itself is removed or
 * replaced: a watcher follows the folder it started on, which is gone, and on Linux the new
 * folder may even get the old one's inode number. The root's parent folder is watched too, to
 * see that happen. Returns the function that stops watching.
 */
export function watchFolders(roots: readonly WatchRoot[], onChange: (file: string) => void, options: WatchFoldersOptions = {}): () => void {
  const intervalMs = options.intervalMs ?? 300;
  const stops = roots.map((root) => {
    let stop = (): void => {};
    const fallBack = (): void => {
      stop();
      stop = pollFolder(root, onChange, intervalMs);
    };
    if (options.poll === true) fallBack();
    else {
      try {
        stop = watchWithEvents(root, onChange, () => {
          fallBack();
          onChange(root.dir);
        });
      } catch {
        fallBack();
      }
    }
    return () => stop();
  });
  return () => stops.forEach((stop) => stop());
}

/** fs.watch on the root and on its parent; `lost` is called when the root is gone or replaced, or a watcher fails. Throws when fs.watch cannot start. */
function watchWithEvents(root: WatchRoot, onChange: (file: string) => void, lost: () => void): () => void {
  const watchers: FSWatcher[] = [];
  const close = (): void => watchers.forEach((watcher) => watcher.close());
  try {
    watchers.push(
      watch(root.dir, { recursive: root.recursive }, (_event, name) => {
        // Without a name (some platforms, an overflow) anything may have changed: report the root.
        onChange(name === null || name === "" ? root.dir : path.join(root.dir, name.toString()));
      }),
      watch(path.dirname(root.dir), (_event, name) => {
        if (name?.toString() === path.basename(root.dir)) lost();
      }),
    );
  } catch (error) {
    close();
    throw error;
  }
  for (const watcher of watchers) watcher.on("error", lost);
  return close;
}

/** Compares the root's file listing (size and mtime per file) every `intervalMs`, and reports each difference. */
function pollFolder(root: WatchRoot, onChange: (file: string) => void, intervalMs: number): () => void {
  let previous = listing(root);
  const timer = setInterval(() => {
    const current = listing(root);
    for (const [file, stamp] of current) if (previous.get(file) !== stamp) onChange(file);
    for (const file of previous.keys()) if (!current.has(file)) onChange(file);
    previous = current;
  }, intervalMs);
  return () => clearInterval(timer);
}

function listing(root: WatchRoot): Map<string, string> {
  const files = new Map<string, string>();
  let entries: string[];
  try {
    entries = readdirSync(root.dir, { recursive: root.recursive, encoding: "utf8" });
  } catch {
    return files; // the root is gone for now: its files count as removed
  }
  for (const entry of entries) {
    const file = path.join(root.dir, entry);
    try {
      const stats = statSync(file);
      if (stats.isFile()) files.set(file, `${stats.size}:${stats.mtimeMs}`);
    } catch {
      // removed between the listing and the stat: absent
    }
  }
  return files;
}
