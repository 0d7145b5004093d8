import { readFileSync, statSync } from "node:fs";

/** The text of a plain file (never a pipe or a device, which could block), or undefined. */
export function readPlainFile(file: string): string | undefined {
  try {
    return statSync(file).isFile() ? readFileSync(file, "utf8") : undefined;
  } catch {
    return undefined;
  }
}
