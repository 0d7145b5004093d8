import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** What the doctor reads of a package.json. */
export interface PackageManifest {
  readonly file: string;
  readonly name?: string;
  readonly version?: string;
  readonly dependencies: Readonly<Record<string, string>>;
  readonly devDependencies: Readonly<Record<string, string>>;
}

/** The package.json at `folder`, or the nearest above it; undefined when there is none, or it is not JSON. */
export function nearestManifest(folder: string): PackageManifest | undefined {
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (existsSync(file)) return readManifest(file);
    if (path.dirname(dir) === dir) return undefined;
  }
}

export function readManifest(file: string): PackageManifest | undefined {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
  if (typeof json !== "object" || json === null) return undefined;
  const record = json as Record<string, unknown>;
  const table = (value: unknown): Record<string, string> =>
    typeof value === "object" && value !== null ? (value as Record<string, string>) : {};
  return {
    file,
    ...(typeof record["name"] === "string" && { name: record["name"] }),
    ...(typeof record["version"] === "string" && { version: record["version"] }),
    dependencies: table(record["dependencies"]),
    devDependencies: table(record["devDependencies"]),
  };
}
