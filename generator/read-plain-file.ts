import { closeSync, constants, fstatSync, openSync, readFileSync, type Stats } from "node:fs";

/**
 * A plain file's bytes and its status, or undefined for a folder, a pipe or a device, which are never read (reading
 * one could block or never end). Opened without blocking (opening a pipe waits for a writer otherwise), then checked
 * and read through the one descriptor: a single lookup of the path. Throws what opening throws (ENOENT, EACCES;
 * EISDIR on Windows).
 */
export function readPlainFileStatus(file: string): { readonly bytes: Buffer; readonly status: Stats } | undefined {
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const status = fstatSync(fd);
    return status.isFile() ? { bytes: readFileSync(fd), status } : undefined;
  } finally {
    closeSync(fd);
  }
}

/** The text of a plain file (never a pipe or a device, which could block), or undefined. */
export function readPlainFile(file: string): string | undefined {
  try {
    return readPlainFileStatus(file)?.bytes.toString("utf8");
  } catch {
    return undefined;
  }
}
