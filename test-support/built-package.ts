import { execFileSync } from "node:child_process";
import { cpSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { tempProject } from "./temp-project.js";

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * This package as `npm pack` sees it, in a fresh folder (removed by `removeTempProjects`):
 * package.json, README.md, the `files` entries other than dist/ copied, and dist/ compiled
 * from tsconfig.build.json as `npm run build` does. Tests that run the built CLI use it because the repository's own
 * dist/ may be rewritten by another test file's build at the same moment. With
 * `linkNodeModules`, the folder's node_modules is the repository's, so the CLI runs from it.
 */
export function buildPackage(options: { readonly linkNodeModules: boolean }): string {
  const folder = tempProject({}, "gct-package-");
  const manifest = JSON.parse(readFileSync(path.join(repositoryRoot, "package.json"), "utf8")) as { files: string[] };
  const copied = [
    "package.json",
    "README.md",
    ...manifest.files.filter((entry) => !entry.startsWith("!") && !/^dist(\/|$)/.test(entry)),
  ];
  for (const entry of copied) cpSync(path.join(repositoryRoot, entry), path.join(folder, entry), { recursive: true });
  execFileSync(process.execPath, [
    path.join(repositoryRoot, "node_modules/typescript/bin/tsc"),
    "-p",
    path.join(repositoryRoot, "tsconfig.build.json"),
    "--outDir",
    path.join(folder, "dist"),
  ]);
  // The build's last step loads the built CLI, and so needs the dependencies.
  symlinkSync(path.join(repositoryRoot, "node_modules"), path.join(folder, "node_modules"), "dir");
  execFileSync(process.execPath, [path.join(repositoryRoot, "scripts/after-build.js"), path.join(folder, "dist")]);
  if (!options.linkNodeModules) rmSync(path.join(folder, "node_modules"));
  return folder;
}

/**
 * The built CLI in a package of its own (see buildPackage, node_modules linked), with `script` written beside it as
 * `name`, for a test to preload into the CLI's process.
 */
export function builtCliWithPreload(name: string, script: string): { pkg: string; cli: string; preload: string } {
  const pkg = buildPackage({ linkNodeModules: true });
  const preload = path.join(pkg, name);
  writeFileSync(preload, script);
  return { pkg, cli: path.join(pkg, "bin/gen-client-tools.js"), preload };
}
