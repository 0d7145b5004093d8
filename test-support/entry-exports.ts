import path from "node:path";
import { Project } from "ts-morph";

/**
 * What each entry of a package exports, by name (values and types alike), from its sources:
 * `entries` maps an export of package.json ("." or "./server") to its source file.
 */
export function entryExports(root: string, entries: Readonly<Record<string, string>>): Record<string, string[]> {
  const project = new Project({
    tsConfigFilePath: path.join(root, "..", "tsconfig.json"),
    skipAddingFilesFromTsConfig: true,
  });
  return Object.fromEntries(
    Object.entries(entries).map(([entry, file]) => [
      entry,
      [...project.addSourceFileAtPath(path.join(root, file)).getExportedDeclarations().keys()].sort(),
    ]),
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
  const project = new Project({
    tsConfigFilePath: path.join(root, "..", "tsconfig.json"),
    skipAddingFilesFromTsConfig: true,
  });
  return Object.fromEntries(
    Object.entries(entries).map(([entry, file]) => [
      entry,
      Object.fromEntries(
        [...project.addSourceFileAtPath(path.join(root, file)).getExportedDeclarations()].map(
          ([name, declarations]) => [
            name,
            declarations
              .map(
                (declaration) =>
                  `${path.relative(root, declaration.getSourceFile().getFilePath())}:${declaration.getStart()}`,
              )
              .sort()
              .join(" "),
          ],
        ),
      ),
    ]),
  );
}
