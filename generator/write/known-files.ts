import type { Stats } from "node:fs";
import { statSync } from "node:fs";
import { type FileStamp, fileStamp, sameStamp } from "../file-stamp.js";

/**
 * What the write stage knew of the files it found already right: each one's stamp when it was read and the digest of
 * the text it held, by path. A later run (in any process) need not read back a file whose stamp is still that one and
 * whose new text has that digest: the validators' thousand modules are fifty megabytes to read and compare.
 */
export interface KnownFiles {
  /** Whether the file still holds the text of this digest, by its stamp; its entry is kept for the next run. */
  holds(file: string, digest: string): boolean;
  /** The file's status as taken before it was read and found to hold the text of this digest. */
  record(file: string, status: Stats, digest: string): void;
  /** The entries of this run: those held or recorded; undefined when they are the ones it started with. */
  changed(): ReadonlyMap<string, KnownFile> | undefined;
}

export interface KnownFile {
  readonly stamp: FileStamp;
  readonly digest: string;
}

export function knownFiles(previous: ReadonlyMap<string, KnownFile>): KnownFiles {
  const next = new Map<string, KnownFile>();
  let recorded = false;
  return {
    holds(file, digest) {
      const entry = previous.get(file);
      if (entry === undefined || entry.digest !== digest) return false;
      const status = statSync(file, { throwIfNoEntry: false });
      if (status === undefined || !sameStamp(entry.stamp, status)) return false;
      next.set(file, entry);
      return true;
    },
    record(file, status, digest) {
      // A file changed too recently for its stamp to vouch for it is read again next time.
      const stamp = fileStamp(status);
      if (stamp === undefined) return;
      next.set(file, { stamp, digest });
      recorded = true;
    },
    changed: () => (recorded || next.size !== previous.size ? next : undefined),
  };
}
