import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { buildPackage } from "./built-package.js";
import { RUNTIME_PACKAGE } from "./runtime-package.js";
import { tempProject } from "./temp-project.js";

/**
 * npm and npx without the settings of the npm that runs the tests (`npm test` exports its config as npm_* variables).
 */
export const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_")),
);

/** Runs a command in `cwd` with `cleanEnv`; never throws. */
export function sh(
  cwd: string,
  command: string,
  args: readonly string[],
  timeout = 60_000,
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { cwd, env: cleanEnv, encoding: "utf8", timeout });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Both packages as `npm pack` makes them: the CLI's tarball (and the files it holds) and the runtime's. */
export interface PackedPackages {
  /** The CLI package's folder as packed (its dist/ built). */
  readonly folder: string;
  readonly tarball: string;
  readonly files: readonly string[];
  readonly runtimeTarball: string;
}

/** Builds this package in a fresh folder (see buildPackage) and packs it and the runtime package into a temp folder. */
export function packPackages(): PackedPackages {
  const pkg = buildPackage({ linkNodeModules: false });
  const destination = tempProject({}, "gct-tarball-");
  const pack = (cwd: string) =>
    (
      JSON.parse(
        execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", destination], {
          cwd,
          env: cleanEnv,
          encoding: "utf8",
        }),
      ) as { filename: string; files: { path: string }[] }[]
    )[0]!;
  const cli = pack(pkg);
  return {
    folder: pkg,
    tarball: path.join(destination, cli.filename),
    files: cli.files.map((file) => file.path).sort(),
    runtimeTarball: path.join(destination, pack(RUNTIME_PACKAGE).filename),
  };
}

/** A consumer's tsconfig.json for src/: strict, NodeNext, no ambient types, plus `options`. */
export function strictTsconfig(options: Record<string, unknown>): unknown {
  const strict = {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax: true,
  };
  return { compilerOptions: { ...strict, lib: ["ES2022", "DOM"], types: [], ...options }, include: ["src"] };
}
