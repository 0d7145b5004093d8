import path from "node:path";
import { type ExportedDeclarations, Project } from "ts-morph";

/** Each entry's exported declarations by name, from its source (`entries` maps "." or "./server" to a file). */
function exportedDeclarations(
  root: string,
  entries: Readonly<Record<string, string>>,
): [string, ReadonlyMap<string, ExportedDeclarations[]>][] {
  const project = new Project({
    tsConfigFilePath: path.join(root, "..", "tsconfig.json"),
    skipAddingFilesFromTsConfig: true,
  });
  return Object.entries(entries).map(([entry, file]) => [
    entry,
    project.addSourceFileAtPath(path.join(root, file)).getExportedDeclarations(),
  ]);
}

/**
 * What each entry of a package exports, by name (values and types alike), from its sources:
 * `entries` maps an export of package.json ("." or "./server") to its source file.
 */
export function entryExports(root: string, entries: Readonly<Record<string, string>>): Record<string, string[]> {
  return Object.fromEntries(
    exportedDeclarations(root, entries).map(([entry, declared]) => [entry, [...declared.keys()].sort()]),
  );
}

/**
 * Where each name an entry exports is declared (file and position, through re-exports), by
 * entry: a name exported from two entries means one thing when both lead to the same declaration.
 */
export function entryDeclarations(
  root: string,
  entries: Readonly<Record<string, string>>,
): Record<string, Record<string, string>> {
  const place = (declaration: ExportedDeclarations) =>
    `${path.relative(root, declaration.getSourceFile().getFilePath())}:${declaration.getStart()}`;
  return Object.fromEntries(
    exportedDeclarations(root, entries).map(([entry, declared]) => [
      entry,
      Object.fromEntries([...declared].map(([name, declarations]) => [name, declarations.map(place).sort().join(" ")])),
    ]),
  );
}
