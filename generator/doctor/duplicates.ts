import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { relativePath } from "../relative-path.js";
import { type DoctorFinding, problem } from "./finding.js";
import { readManifest } from "./package-json.js";

const CHECK = "duplicate installs";
/** How deep node_modules folders nest before the search stops (npm nests a conflicting version under its dependent). */
const MAX_DEPTH = 6;

/**
 * Packages whose second copy breaks something: two `ai` silently drop `addToolOutput`'s typing; two `@ag-ui/client`
 * make CopilotKit's agent class another than yours; two runtimes split the wire's classes.
 */
const WATCHED: Readonly<Record<string, string>> = {
  ai:
    "with two copies of ai, @ai-sdk/react's types come from one and your tools from " +
    "the other: addToolOutput takes any output, and the typing is silently gone",
  "@ag-ui/client":
    "with two copies of @ag-ui/client, an agent you build on one is not an " +
    "agent to CopilotKit, whose core runs the other",
  "@gen-client-tools/runtime":
    "with two copies of the runtime, the generated code and your server may " +
    "each use their own (errors are not instanceof each other's classes)",
};

/** Where one package pins the other's version, the fix names it. */
const FIXES: Readonly<Record<string, string>> = {
  ai: "install the ai version @ai-sdk/react depends on (npm ls ai shows it), or pin it with an overrides entry in package.json",
  "@ag-ui/client":
    "install the @ag-ui/client version @copilotkit/core depends on (npm ls @ag-ui/client " +
    "shows it), or pin it with an overrides entry in package.json",
};

/**
 * Each watched package installed at more than one version under the project's node_modules (npm's nesting, and pnpm's
 * store).
 */
export function checkDuplicates(projectFolder: string, cwd: string): DoctorFinding[] {
  const copies = new Map<string, Map<string, string>>();
  const note = (name: string, version: string, where: string) => {
    let versions = copies.get(name);
    if (versions === undefined) copies.set(name, (versions = new Map()));
    if (!versions.has(version)) versions.set(version, relativePath(cwd, where));
  };
  const visit = (modules: string, depth: number) => {
    if (depth > MAX_DEPTH || !existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry === ".bin") continue;
      if (entry === ".pnpm") {
        visitPnpmStore(path.join(modules, entry), note);
        continue;
      }
      const packages = entry.startsWith("@")
        ? readdirSync(path.join(modules, entry)).map((name) => `${entry}/${name}`)
        : [entry];
      for (const name of packages) {
        const folder = path.join(modules, name);
        if (WATCHED[name] !== undefined) {
          const version = readManifest(path.join(folder, "package.json"))?.version;
          if (version !== undefined) note(name, version, folder);
        }
        visit(path.join(folder, "node_modules"), depth + 1);
      }
    }
  };
  visit(path.join(projectFolder, "node_modules"), 0);
  return [...copies].flatMap(([name, versions]) => {
    if (versions.size < 2) return [];
    const listed = [...versions]
      .sort(([, a], [, b]) => (a < b ? -1 : 1))
      .map(([version, where]) => `${version} at ${where}`)
      .join(", ");
    const fix = FIXES[name] ?? `install one version of ${name} (npm dedupe, or an overrides entry)`;
    return [problem(CHECK, `${name} is installed ${versions.size} times (${listed}): ${WATCHED[name]}`, fix)];
  });
}

/** pnpm keeps each version in `.pnpm/<name>@<version>.../node_modules/<name>`. */
function visitPnpmStore(store: string, note: (name: string, version: string, where: string) => void): void {
  for (const entry of readdirSync(store)) {
    for (const name of Object.keys(WATCHED)) {
      const prefix = `${name.replace("/", "+")}@`;
      if (!entry.startsWith(prefix)) continue;
      const folder = path.join(store, entry, "node_modules", name);
      const version = readManifest(path.join(folder, "package.json"))?.version;
      if (version !== undefined) note(name, version, folder);
    }
  }
}
