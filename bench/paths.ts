import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The package's root folder, found from this file whether it runs as source (vitest) or from dist/. */
function findPackageRoot(): string {
  for (let folder = path.dirname(fileURLToPath(import.meta.url)); ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, "package.json");
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "gen-client-tools"
    )
      return folder;
    if (path.dirname(folder) === folder) throw new Error("bench: cannot find the gen-client-tools package root");
  }
}

export const PACKAGE_ROOT = findPackageRoot();

/** The CLI as users run it (it imports the built dist/, as one bundle). */
export const CLI = path.join(PACKAGE_ROOT, "bin", "gen-client-tools.js");

/** The same CLI from dist/'s modules, one file each: what the profiler runs, so that its shares name the files. */
export const UNBUNDLED_CLI = path.join(PACKAGE_ROOT, "dist", "bench", "profile", "unbundled-cli.js");

/** TypeScript 7's tsc, through its Node launcher as `npx tsc` runs it. */
export const TSC = path.join(PACKAGE_ROOT, "node_modules", "typescript", "bin", "tsc");

/**
 * A compiled bench script, for running as a child process: always the built one, since a
 * child cannot run TypeScript source (the vitest test runs these after `npm run build` too).
 */
export function builtBenchScript(relative: string): string {
  return path.join(PACKAGE_ROOT, "dist", "bench", relative);
}
