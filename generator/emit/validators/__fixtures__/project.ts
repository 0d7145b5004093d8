// Temporary projects for the validators' tests: a folder with client-tools/ and a node_modules
// holding @gen-client-tools/runtime alone (linked from this repository), so that generated modules
// resolve their imports from there, as in a user's project, and the cache lands in that node_modules.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { linkRuntime } from "../../../../test-support/runtime-package.js";

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const folders: string[] = [];

/** A new project folder with these spec files (name -> JSON value) in client-tools/. */
export function tempProject(specs: Readonly<Record<string, unknown>>): string {
  const folder = mkdtempSync(path.join(tmpdir(), "gct-validators-"));
  folders.push(folder);
  // The generated code imports the runtime package alone (ajv comes through it): its build, as a user's install has it.
  linkRuntime(folder);
  writeSpecs(folder, specs);
  return folder;
}

export function writeSpecs(folder: string, specs: Readonly<Record<string, unknown>>): void {
  mkdirSync(path.join(folder, "client-tools"), { recursive: true });
  for (const [name, spec] of Object.entries(specs)) writeFileSync(path.join(folder, "client-tools", name), JSON.stringify(spec, null, 2));
}

/** Removes every folder made here (call from afterAll or afterEach). */
export function removeTempProjects(): void {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

/**
 * Builds the project's src/ with plain `tsc` into dist/, as a Node server is built: strict,
 * NodeNext, in the module format that package.json "type" gives. Returns what tsc printed
 * (nothing when it compiled).
 */
export function buildWithTsc(folder: string, type: "module" | "commonjs"): string {
  writeFileSync(path.join(folder, "package.json"), JSON.stringify({ name: `${type}-project`, private: true, type }));
  const compilerOptions = {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noUnusedLocals: true,
    ...(type === "module" && { verbatimModuleSyntax: true }),
    lib: ["ES2022", "DOM"],
    types: [],
    skipLibCheck: false,
    rootDir: "src",
    outDir: "dist",
  };
  writeFileSync(path.join(folder, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["src"] }));
  try {
    return execFileSync(process.execPath, [path.join(repositoryRoot, "node_modules/typescript/bin/tsc"), "-p", folder], { encoding: "utf8" });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

/**
 * Runs a script as its own ES module in a fresh Node process (never `node -e`, whose
 * CommonJS-flavoured evaluation would hide a leftover `require`), and parses what it prints.
 */
export function runModule(folder: string, name: string, source: string, input: unknown): unknown {
  const file = path.join(folder, name);
  writeFileSync(file, source);
  return JSON.parse(execFileSync(process.execPath, [file, JSON.stringify(input)], { cwd: folder, encoding: "utf8" })) as unknown;
}
