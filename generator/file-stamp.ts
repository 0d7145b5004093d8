import type { Stats } from "node:fs";

/**
 * What a file's status says of its contents, as git's index keeps it: while the size, both times and the identity are
 * the same, the bytes are the ones read, and a later run need not read them again.
 */
export interface FileStamp {
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly ino: number;
  readonly dev: number;
}

/**
 * A file's times are only as fine as its file system's clock (a second on some, two on FAT): a write in the same tick
 * as the read that follows it would leave the stamp unchanged. A file changed this recently is not stamped, and is read
 * again next time. Times with a fraction of a second come from a clock that ticks in milliseconds at most (ext4, APFS,
 * NTFS): for those a second is a wide margin.
 */
const RACY_MS = 3000;
const FINE_RACY_MS = 1000;

/** The stamp of a file read at `now`, or undefined when it changed too recently for its stamp to vouch for it. */
export function fileStamp(status: Stats, now = Date.now()): FileStamp | undefined {
  const fine = status.mtimeMs % 1000 !== 0 || status.ctimeMs % 1000 !== 0;
  if (Math.max(status.mtimeMs, status.ctimeMs) > now - (fine ? FINE_RACY_MS : RACY_MS)) return undefined;
  const { size, mtimeMs, ctimeMs, ino, dev } = status;
  return { size, mtimeMs, ctimeMs, ino, dev };
}

export function sameStamp(stamp: FileStamp, status: Stats): boolean {
  return (
    status.isFile() &&
    stamp.size === status.size &&
    stamp.mtimeMs === status.mtimeMs &&
    stamp.ctimeMs === status.ctimeMs &&
    stamp.ino === status.ino &&
    stamp.dev === status.dev
  );
}
