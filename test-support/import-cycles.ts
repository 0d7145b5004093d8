import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { findCycle } from "../runtime/schema/find-cycle.js";

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?[^;]*?from\s*["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/g;

/** The source files below `folders` (relative to `root`): TypeScript, no tests, no fixtures. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((entry) => /\.tsx?$/.test(entry) && !/\.test(-d)?\.tsx?$/.test(entry))
      .filter((entry) => !entry.split(path.sep).some((part) => part === "__fixtures__" || part === "dist"))
      .map((entry) => path.join(folder, entry)),
  );
}

/** The imports of `files` that reach by relative path into the folder `other` of `root`. */
export function importsInto(root: string, files: readonly string[], other: string): string[] {
  return files.flatMap((file) => {
    const text = readFileSync(path.join(root, file), "utf8");
    return [...text.matchAll(IMPORT)]
      .map((match) => path.join(path.dirname(file), match[1] ?? match[2]!))
      .filter((target) => target.startsWith(`${other}${path.sep}`))
      .map((target) => `${file} -> ${target}`);
  });
}

/** Each file's relative imports (types included: a circle of types is still a circle to read). */
function importGraph(root: string, files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(path.join(root, file), "utf8");
      const targets = [...text.matchAll(IMPORT)]
        .map((match) => path.join(path.dirname(file), (match[1] ?? match[2]!).replace(/\.js$/, ".ts")))
        .map((target) => (known.has(target) ? target : target.replace(/\.ts$/, ".tsx")))
        .filter((target) => known.has(target));
      return [file, targets];
    }),
  );
}

/** A circle of imports among the files, as the files along it (the first again at the end); undefined for none. */
export function importCycle(root: string, files: readonly string[]): string[] | undefined {
  const graph = importGraph(root, files);
  const edges = new Map([...graph].map(([file, targets]) => [file, targets.map((target) => ({ target, at: file }))]));
  return findCycle(graph.keys(), edges)?.targets;
}
