import path from "node:path";
import { MANIFEST_FILE, type Manifest, parseManifest } from "../output-format/manifest.js";
import { readPlainFile } from "../read-plain-file.js";

/** The manifest in the output folder, or undefined when there is none this generator can read. */
export function readManifest(outDir: string): Manifest | undefined {
  const text = readPlainFile(path.join(outDir, MANIFEST_FILE));
  return text === undefined ? undefined : parseManifest(text);
}
