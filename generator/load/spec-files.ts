import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../diagnostics.js";
import { relativePath } from "../relative-path.js";

/**
 * The spec files named by `--in`: a file as it is, a folder's `*.json` files (not its
 * subfolders, which can hold shared schemas for file `$ref`s). Sorted, so the output never
 * depends on the order the disk lists files in.
 */
export function listSpecFiles(inputs: readonly string[], cwd: string): { files: string[]; diagnostics: Diagnostic[] } {
  const files = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const input of inputs) {
    const absolute = path.resolve(cwd, input);
    let isDirectory: boolean;
    try {
      isDirectory = statSync(absolute).isDirectory();
    } catch {
      diagnostics.push({ file: relativePath(cwd, absolute) || ".", message: "no such file or folder: run gen-client-tools init to start one with an example tool, or point --in at your spec folder" });
      continue;
    }
    if (!isDirectory) {
      files.add(absolute);
      continue;
    }
    const names = readdirSync(absolute, { withFileTypes: true })
      .filter((entry) => entry.name.endsWith(".json") && !entry.name.startsWith(".") && !entry.isDirectory())
      .map((entry) => path.join(absolute, entry.name));
    if (names.length === 0) diagnostics.push({ file: relativePath(cwd, absolute) || ".", message: "the folder holds no .json spec files: add one per client tool" });
    for (const name of names) files.add(name);
  }
  return { files: [...files].sort(), diagnostics };
}
