import { realpathSync } from "node:fs";
import path from "node:path";
import { isInside } from "../relative-path.js";
import type { WatchRoot } from "./spec-roots.js";

/**
 * What a watcher named between runs (`--watch`). A run takes a spec file the watcher did not name since the run before
 * as that run read it, without a `stat` of its own: a thousand of them are ~5 ms of a rerun. Where the watcher cannot
 * vouch for a file, the run checks it as any run does: a file outside the roots, a run after the watcher named a folder
 * (a rename, a removal, a platform that names no file), after it failed, and every file of a root reached through a
 * link, whose events could name other paths than the ones read. A change the watcher reports only once a run has
 * started is named to the next run, which that event starts.
 */
export interface WatchedChanges {
  /** A path the watcher named, with its event (chokidar's: `add`, `change`, `unlink`, `addDir`, `unlinkDir`). */
  saw(file: string, event: string): void;
  /** The watcher failed: no later run takes its word. */
  failed(): void;
  /** At a run's start: what the watcher vouches for since the run before. */
  take(): WatchedSince;
}

export interface WatchedSince {
  /** Whether a file the run before read may be taken as read then. */
  unchanged(file: string): boolean;
  /** Whether the spec folders hold the files they held (none added or removed): their listing may be taken too. */
  readonly sameFiles: boolean;
}

const NOTHING: WatchedSince = { unchanged: () => false, sameFiles: false };

export function watchedChanges(roots: readonly WatchRoot[]): WatchedChanges {
  // Roots whose path is their real path: events name files under them as the run's listing does.
  const plain = roots.filter((root) => realPath(root.dir) === root.dir);
  let named = new Set<string>();
  let everything = true;
  let listed = false;
  let broken = false;
  return {
    saw(file, event) {
      named.add(file);
      if (event !== "change") listed = true;
      if (event === "addDir" || event === "unlinkDir") everything = true;
    },
    failed() {
      broken = true;
    },
    take() {
      const since = named;
      const checkAll = everything || broken;
      const sameFiles = !listed;
      named = new Set();
      everything = false;
      listed = false;
      if (checkAll) return NOTHING;
      return {
        unchanged: (file) => !since.has(file) && plain.some((root) => watchedBy(root, file)),
        sameFiles: sameFiles && plain.length === roots.length,
      };
    },
  };
}

function watchedBy(root: WatchRoot, file: string): boolean {
  return root.recursive ? isInside(root.dir, file) : path.dirname(file) === root.dir;
}

function realPath(dir: string): string | undefined {
  try {
    return realpathSync(dir);
  } catch {
    return undefined;
  }
}
