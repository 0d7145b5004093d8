import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

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

/** The circles of imports among the files: each strongly connected group of more than one file, or a file importing itself. */
export function importCycles(root: string, files: readonly string[]): string[][] {
  const graph = importGraph(root, files);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file)!) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)!.includes(file)) cycles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}
