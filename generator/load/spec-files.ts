import { readdirSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../diagnostics.js";
import { isInside, relativePath } from "../relative-path.js";

/**
 * The spec files named by `--in`: a file as it is, a folder's `*.json` files (not its
 * subfolders, which can hold shared schemas for file `$ref`s). Sorted, so the output never
 * depends on the order the disk lists files in.
 */
export interface SpecFileList {
  readonly files: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
  /** The files listed that are links (to a file in the same folder). */
  readonly links: ReadonlySet<string>;
}

export function listSpecFiles(inputs: readonly string[], cwd: string): SpecFileList {
  const files = new Set<string>();
  const links = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const input of inputs) {
    const absolute = path.resolve(cwd, input);
    let isDirectory: boolean;
    try {
      isDirectory = statSync(absolute).isDirectory();
    } catch {
      diagnostics.push({
        file: relativePath(cwd, absolute) || ".",
        message:
          "no such file or folder: run gen-client-tools init to start " +
          "one with an example tool, or point --in at your spec folder",
      });
      continue;
    }
    if (!isDirectory) {
      files.add(absolute);
      continue;
    }
    const entries = readdirSync(absolute, { withFileTypes: true }).filter(
      (entry) => entry.name.endsWith(".json") && !entry.name.startsWith(".") && !entry.isDirectory(),
    );
    const names: string[] = [];
    for (const entry of entries) {
      const file = path.join(absolute, entry.name);
      // The rule a file `$ref` obeys: what the folder holds stays in it.
      if (entry.isSymbolicLink() && !linkStaysInside(file, absolute)) {
        diagnostics.push({
          file: relativePath(cwd, file),
          message:
            "the spec file is a link that leads out of the spec folder: " +
            "copy the spec into the folder, or name it with --in",
        });
      } else {
        names.push(file);
        if (entry.isSymbolicLink()) links.add(file);
      }
    }
    if (names.length === 0)
      diagnostics.push({
        file: relativePath(cwd, absolute) || ".",
        message: "the folder holds no .json spec files: add one per client tool",
      });
    for (const name of names) files.add(name);
  }
  return { files: [...files].sort(), diagnostics, links };
}

function linkStaysInside(link: string, folder: string): boolean {
  try {
    return isInside(realpathSync(folder), realpathSync(link));
  } catch {
    // A dangling link: reading it reports that, at the file.
    return true;
  }
}
