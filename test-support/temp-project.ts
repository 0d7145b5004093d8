import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const created: string[] = [];

/**
 * A fresh folder under the system's temp folder holding `files` (path relative to the folder ->
 * contents; a string is written as it is, anything else as JSON). Removed by `removeTempProjects`.
 */
export function tempProject(files: Readonly<Record<string, unknown>>, prefix = "gct-"): string {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  created.push(folder);
  writeProjectFiles(folder, files);
  return folder;
}

/** Writes `files` into `folder` as `tempProject` does, creating subfolders. */
export function writeProjectFiles(folder: string, files: Readonly<Record<string, unknown>>): void {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(folder, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  }
}

/** Removes every folder `tempProject` made (call it from afterAll or afterEach). */
export function removeTempProjects(): void {
  for (const folder of created.splice(0)) rmSync(folder, { recursive: true, force: true });
}
