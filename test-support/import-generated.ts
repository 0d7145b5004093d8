import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ts } from "ts-morph";
import { linkRuntime } from "./runtime-package.js";
import { tempProject, writeProjectFiles } from "./temp-project.js";

export interface ImportOutcome {
  readonly status: number | null;
  /** Everything the process printed: a generated module must print nothing. */
  readonly stdout: string;
  readonly stderr: string;
  /** Own properties of globalThis and of the built-in prototypes that the import added, removed or replaced. */
  readonly changedGlobals: readonly string[];
  /** What the probe returned, through JSON. */
  readonly value: unknown;
}

/**
 * The probe runs in the child: it records every global and built-in prototype property (by
 * descriptor identity, so lazy getters are not triggered), imports the module, records again,
 * then hands the module to the caller's probe function and writes the outcome to a file, so
 * that stdout and stderr hold only what the imported code printed.
 */
const PROBE = `import { writeFileSync } from "node:fs";
const holders = { globalThis, Object: Object.prototype, Array: Array.prototype, Function: Function.prototype, String: String.prototype, Promise: Promise.prototype };
const snapshot = () => new Map(Object.entries(holders).flatMap(([where, holder]) =>
  Reflect.ownKeys(holder).map((key) => [where + "." + String(key), Object.getOwnPropertyDescriptor(holder, key)])));
const same = (a, b) => a !== undefined && b !== undefined && Object.is(a.value, b.value) && a.get === b.get && a.set === b.set;
const before = snapshot();
const mod = await import(process.argv[2]);
const after = snapshot();
const changedGlobals = [...new Set([...before.keys(), ...after.keys()])].filter((key) => !same(before.get(key), after.get(key)));
const probe = (PROBE_FUNCTION);
const value = await probe(mod);
writeFileSync(process.argv[3], JSON.stringify({ changedGlobals, value }));
`;

/**
 * Transpiles generated TypeScript files (relative path -> source) to JavaScript in a fresh
 * folder, imports `entry` (a relative .ts path) in a new Node process, and runs `probe`, the
 * source of a function `(module) => value`, on what it exported. Type-only imports vanish in
 * the transpiled code, as they do under the user's compiler.
 */
export function importGenerated(files: Readonly<Record<string, string>>, entry: string, probe: string): ImportOutcome {
  const folder = tempProject({ "package.json": '{ "type": "module" }' }, "gct-import-");
  const compilerOptions = { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true };
  const javascript = Object.fromEntries(
    Object.entries(files).map(([file, source]) => [
      file.replace(/\.ts$/, ".js"),
      ts.transpileModule(source, { compilerOptions, fileName: file }).outputText,
    ]),
  );
  writeProjectFiles(folder, javascript);
  linkRuntime(folder);
  const probeFile = path.join(folder, "probe.mjs");
  writeFileSync(
    probeFile,
    PROBE.replace("PROBE_FUNCTION", () => probe),
  );
  const outcomeFile = path.join(folder, "outcome.json");
  const entryUrl = pathToFileURL(path.join(folder, entry.replace(/\.ts$/, ".js"))).href;
  const child = spawnSync(process.execPath, [probeFile, entryUrl, outcomeFile], { encoding: "utf8", timeout: 30_000 });
  let outcome: { changedGlobals: string[]; value: unknown } = { changedGlobals: [], value: undefined };
  if (child.status === 0) outcome = JSON.parse(readFileSync(outcomeFile, "utf8")) as typeof outcome;
  return { status: child.status, stdout: child.stdout, stderr: child.stderr, ...outcome };
}
