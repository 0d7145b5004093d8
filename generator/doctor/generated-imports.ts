import { type Dirent, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { folderAlias, isInside } from "../load/path-alias.js";
import { relativePath } from "../relative-path.js";
import { type DoctorFinding, problem } from "./finding.js";

const CHECK = "imports";
/** How many source files the check reads at most: a project's own code, not a monorepo's. */
const MAX_FILES = 5_000;
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const SKIPPED = new Set(["node_modules", "dist", "build", "out", "coverage"]);

/**
 * The project's imports of the generated folder against where it is generated: an import through the tsconfig's alias
 * (`@/client-tools.gen/validators`) or a relative one that reaches another folder of that name does not resolve
 * (create-next-app without `src/` maps `@/*` to the root, where the default output `src/client-tools.gen` is not).
 */
export function checkGeneratedImports(outDir: string, cwd: string): DoctorFinding[] {
  const name = path.basename(outDir);
  const alias = folderAlias(cwd);
  const findings: DoctorFinding[] = [];
  for (const file of sourceFiles(cwd, outDir)) {
    const text = readFileSync(file, "utf8");
    if (!text.includes(name)) continue;
    for (const [, specifier] of text.matchAll(/(?:from|import\s*\()\s*["']([^"'\n]+)["']/g)) {
      const target = resolveSpecifier(specifier!, file, alias);
      const segments = target?.split(path.sep) ?? [];
      const at = segments.lastIndexOf(name);
      if (target === undefined || at < 0) continue;
      const reached = segments.slice(0, at + 1).join(path.sep);
      if (path.resolve(reached) === path.resolve(outDir)) continue;
      findings.push(
        problem(
          CHECK,
          `${relativePath(cwd, file)} imports "${specifier}", which resolves in ${relativePath(cwd, reached) || "."}, ` +
            `but the code is generated in ${relativePath(cwd, outDir)}`,
          `set "out" in gen-client-tools.config.json to "${relativePath(cwd, reached)}" (and "stubs" beside it), ` +
            `run gen-client-tools and delete ${relativePath(cwd, outDir)}; or change the import`,
        ),
      );
      break;
    }
  }
  return findings;
}

function resolveSpecifier(specifier: string, file: string, alias: ReturnType<typeof folderAlias>): string | undefined {
  if (specifier.startsWith(".")) return path.resolve(path.dirname(file), specifier);
  if (alias !== undefined && specifier.startsWith(alias.prefix))
    return path.resolve(alias.folder, specifier.slice(alias.prefix.length));
  return undefined;
}

/** The project's source files, outside dependencies, builds, hidden folders and the output folder itself. */
function sourceFiles(cwd: string, outDir: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (files.length >= MAX_FILES) return;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith(".") && !SKIPPED.has(entry.name) && !isInside(full, outDir)) walk(full);
      } else if (entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) files.push(full);
    }
  };
  walk(cwd);
  return files;
}
