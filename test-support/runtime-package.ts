import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The runtime package's folder in this repository (its package.json, and dist/ once built). */
export const RUNTIME_PACKAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../runtime");

/**
 * Makes `@gen-client-tools/runtime` importable from `folder`, as an install would: a link to this
 * repository's package in its node_modules. Its entries load runtime/dist/, which the tests'
 * global setup builds.
 */
export function linkRuntime(folder: string): void {
  const scope = path.join(folder, "node_modules/@gen-client-tools");
  mkdirSync(scope, { recursive: true });
  if (!existsSync(path.join(scope, "runtime"))) symlinkSync(RUNTIME_PACKAGE, path.join(scope, "runtime"), "dir");
}

let declarations: ReadonlyMap<string, string> | undefined;

/**
 * The runtime package as an in-memory type checker sees it installed: its package.json and
 * declaration files, keyed by their path under `/node_modules/@gen-client-tools/runtime/`.
 */
export function runtimeDeclarations(): ReadonlyMap<string, string> {
  if (declarations === undefined) {
    const files = new Map<string, string>();
    const root = "/node_modules/@gen-client-tools/runtime";
    files.set(`${root}/package.json`, readFileSync(path.join(RUNTIME_PACKAGE, "package.json"), "utf8"));
    const dist = path.join(RUNTIME_PACKAGE, "dist");
    for (const entry of readdirSync(dist, { recursive: true, encoding: "utf8" })) {
      if (entry.endsWith(".d.ts"))
        files.set(`${root}/dist/${entry.split(path.sep).join("/")}`, readFileSync(path.join(dist, entry), "utf8"));
    }
    declarations = files;
  }
  return declarations;
}

/** The newest modification time of the runtime's sources (tests, fixtures and dist/ aside), in ms. */
export function newestRuntimeSource(): number {
  let newest = statSync(path.join(RUNTIME_PACKAGE, "package.json")).mtimeMs;
  for (const entry of readdirSync(RUNTIME_PACKAGE, { recursive: true, encoding: "utf8" })) {
    if (!entry.endsWith(".ts") || /(^|[\\/])(dist|node_modules|__fixtures__)[\\/]|\.test(-d)?\.ts$/.test(entry))
      continue;
    newest = Math.max(newest, statSync(path.join(RUNTIME_PACKAGE, entry)).mtimeMs);
  }
  return newest;
}
