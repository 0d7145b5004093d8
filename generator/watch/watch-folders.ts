import path from "node:path";
import { watch } from "chokidar";
import type { WatchRoot } from "./spec-roots.js";

/** The watchers of `watchFolders`, once they have read their folders. */
export interface FolderWatch {
  /** Stops watching. */
  close(): Promise<void>;
}

/**
 * Calls `onChange(absolutePath, event)` when something under a root is added, changed or removed (chokidar's event:
 * `add`, `change`, `unlink`, `addDir`, `unlinkDir`),
 * with chokidar: it sees saves that rename a new file over the old one (vim, JetBrains' safe
 * write), which Node's recursive fs.watch misses on Linux. Each root is watched from its
 * parent folder, so that a root that does not exist yet, or is removed and made again, is
 * followed like any subfolder (chokidar loses a folder it started on once that is gone); the
 * parent's other entries, hidden entries (editor swap files, the writer's temporary files) and
 * node_modules are not watched at all. Resolves once every root has been read, so a change
 * after that is never missed; `onError` hears of a watcher's failure. `CHOKIDAR_USEPOLLING=1`
 * makes it poll (network drives, some containers).
 */
export async function watchFolders(
  roots: readonly WatchRoot[],
  onChange: (file: string, event: string) => void,
  onError: (error: Error) => void,
): Promise<FolderWatch> {
  const watchers = roots.map((root) => {
    const parent = path.dirname(root.dir);
    const watcher = watch(parent, {
      ignoreInitial: true,
      ...(!root.recursive && { depth: 1 }),
      ignored: notWatched(root.dir, parent),
    });
    watcher.on("all", (event, file) => onChange(path.resolve(file), event));
    // A watcher that fails (the inotify limit, a folder without permission) is reported, not fatal.
    watcher.on("error", (error) => onError(error instanceof Error ? error : new Error(String(error))));
    return watcher;
  });
  await Promise.all(watchers.map((watcher) => new Promise<void>((resolve) => watcher.once("ready", resolve))));
  return { close: async () => void (await Promise.all(watchers.map((watcher) => watcher.close()))) };
}

/**
 * What chokidar should not watch: anything but the parent itself, the root, and what is under the root but hidden
 * entries and node_modules. Chokidar asks of every entry each time it reads a folder again (after any change in it), so
 * a path under the root is told by its text alone.
 */
function notWatched(root: string, parent: string): (file: string) => boolean {
  const inside = root + path.sep;
  const hidden = (relative: string): boolean =>
    relative.split(path.sep).some((part) => part.startsWith(".") || part === "node_modules");
  return (given) => {
    if (given.startsWith(inside)) return hidden(given.slice(inside.length));
    const file = path.resolve(given);
    if (file === parent || file === root) return false;
    const relative = path.relative(root, file);
    return relative.startsWith("..") || path.isAbsolute(relative) || hidden(relative);
  };
}
