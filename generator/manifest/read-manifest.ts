import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { MANIFEST_FILE, type Manifest, parseManifest } from "../output-format/manifest.js";

/** The manifest in the output folder, or undefined when there is none this generator can read. */
export function readManifest(outDir: string): Manifest | undefined {
  const text = readPlainFile(path.join(outDir, MANIFEST_FILE));
  return text === undefined ? undefined : parseManifest(text);
}

/** The text of a plain file (never a pipe or a device, which could block), or undefined. */
export function readPlainFile(file: string): string | undefined {
  try {
    return statSync(file).isFile() ? readFileSync(file, "utf8") : undefined;
  } catch {
    return undefined;
  }
}
