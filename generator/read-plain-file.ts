import { closeSync, constants, fstatSync, openSync, readFileSync } from "node:fs";

/**
 * A plain file's bytes, or undefined for a folder, a pipe or a device, which are never read (reading one could block
 * or never end). Opened without blocking (opening a pipe waits for a writer otherwise), then checked and read through
 * the one descriptor: a single lookup of the path. Throws what opening throws (ENOENT, EACCES; EISDIR on Windows).
 */
export function readPlainFileBytes(file: string): Buffer | undefined {
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    return fstatSync(fd).isFile() ? readFileSync(fd) : undefined;
  } finally {
    closeSync(fd);
  }
}

/** The text of a plain file (never a pipe or a device, which could block), or undefined. */
export function readPlainFile(file: string): string | undefined {
  try {
    return readPlainFileBytes(file)?.toString("utf8");
  } catch {
    return undefined;
  }
}
