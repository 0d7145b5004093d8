import { readFileSync } from "node:fs";
import path from "node:path";
import { checkSpecDocuments } from "./check/check-specs.js";
import { formatDiagnostic, GenerateError, type Diagnostic } from "./diagnostics.js";
import { emitHandlersFile } from "./emit/handlers-file.js";
import { emitIndexFile } from "./emit/index-file.js";
import { emitSpecsFile } from "./emit/specs-file.js";
import { emitTypesFile } from "./emit/types-file.js";
import { loadFormatter } from "./format/prettier.js";
import { readJsonFile, type JsonDocument } from "./load/read-json-file.js";
import { listSpecFiles } from "./load/spec-files.js";
import { buildManifestFile } from "./manifest/build-manifest.js";
import { outputShapingOptions, resolveOptions } from "./options/resolve.js";
import { buildToolModels } from "./model/build-models.js";
import type { ToolModel } from "./model/tool-model.js";
import { emitStubsFile } from "./stubs/stubs-file.js";
import { addMissingStubs } from "./stubs/update-stubs.js";
import { relativePath } from "./relative-path.js";

export interface GenerateOptions {
  /** Spec folders or files; default `client-tools`. */
  readonly in?: readonly string[];
  /** Output folder for the generated module; default `src/client-tools.gen`. */
  readonly out?: string;
  /** The user's handlers file (stubs are added for new tools), or false for none; default `src/client-tool-handlers.ts`. */
  readonly stubs?: string | false;
  /** Folder that relative paths are resolved against, and messages are relative to; default the process's. */
  readonly cwd?: string;
  /** Run prettier: "auto" (default) when the project has a prettier config. */
  readonly prettier?: boolean | "auto";
  /** Also emit standalone ajv validators into `<out>/validators/`; default false (it loads ajv's code generator). */
  readonly validators?: boolean;
  /** Spec-quality warnings (a misspelt schema keyword, say) stop the run as problems do; default false. */
  readonly failOnWarnings?: boolean;
}

export interface GeneratedFile {
  /** Absolute path. */
  readonly path: string;
  readonly contents: string;
  /** "generated" files are replaced whole; the "stubs" file belongs to the user and only ever gains methods. */
  readonly role: "generated" | "stubs";
  /** For `--check`: whether different text on disk counts as these contents (the manifest of another generator version, for the same generation). */
  readonly sameAs?: (existing: string) => boolean;
}

export interface GenerateResult {
  /** Empty when there are diagnostics. */
  readonly files: readonly GeneratedFile[];
  /** Problems in the input; the run produced nothing when there is one. */
  readonly diagnostics: readonly Diagnostic[];
  /** Things the user should know that are not errors (stubs added, handlers of removed tools). */
  readonly notes: readonly string[];
  /** What the specs most likely do not mean though it is valid (a misspelt schema keyword); with `failOnWarnings` these are diagnostics instead. */
  readonly warnings: readonly Diagnostic[];
  readonly toolCount: number;
  /** The output folder (absolute). */
  readonly outDir: string;
  /** The prettier that formatted the files, when one did: its version, and its folder (undefined for the copy this package depends on). */
  readonly formattedWith?: { readonly version: string; readonly from: string | undefined };
}

/** Reads, checks and emits; writes nothing (see `writeGenerated`). */
export async function generate(given: GenerateOptions = {}): Promise<GenerateResult> {
  const options = resolveOptions(given);
  const { cwd, out: outDir } = options;
  const display = (file: string): string => relativePath(cwd, file) || ".";
  const failed = (diagnostics: readonly Diagnostic[]): GenerateResult => ({ files: [], diagnostics, notes: [], warnings: [], toolCount: 0, outDir });

  const listed = listSpecFiles(options.in, cwd);
  const documents: JsonDocument[] = [];
  const diagnostics: Diagnostic[] = [...listed.diagnostics];
  for (const file of listed.files) {
    const read = readJsonFile(file, display(file));
    if ("document" in read) documents.push(read.document);
    else diagnostics.push(read.diagnostic);
  }
  const schemaFiles = new Map<string, string>();
  const checked = checkSpecDocuments(documents, (file) => readSchemaFile(file, display(file), schemaFiles));
  diagnostics.push(...checked.diagnostics);
  const warnings = options.failOnWarnings ? [] : checked.warnings;
  if (options.failOnWarnings) diagnostics.push(...checked.warnings);
  const { models, diagnostics: modelDiagnostics } = buildToolModels(checked.tools);
  diagnostics.push(...modelDiagnostics);
  if (diagnostics.length > 0) return failed(diagnostics);

  let files: GeneratedFile[] = [
    { path: path.join(outDir, "types.ts"), contents: emitTypesFile(models), role: "generated" },
    { path: path.join(outDir, "specs.ts"), contents: emitSpecsFile(models), role: "generated" },
    { path: path.join(outDir, "handlers.ts"), contents: emitHandlersFile(models), role: "generated" },
    { path: path.join(outDir, "index.ts"), contents: emitIndexFile(), role: "generated" },
  ];
  // Loaded only when asked for: compiling validators costs more than the rest of a run.
  const validators = options.validators ? await (await import("./emit/validators/index.js")).emitValidatorFiles(models, { outDir, cwd }) : undefined;
  if (validators !== undefined && validators.diagnostics.length > 0) return failed(validators.diagnostics);
  const notes: string[] = [...(validators?.notes ?? [])];
  if (options.stubs !== false) {
    const stubs = await stubsFile(options.stubs, outDir, models, display, notes);
    if (stubs !== undefined) files.push(stubs);
  }
  notes.push(...removedToolNotes(path.join(outDir, "handlers.ts"), models, options.stubs === false ? undefined : display(options.stubs)));

  const formatter = options.prettier ? await loadFormatter(outDir, cwd) : undefined;
  if (formatter !== undefined) {
    const fresh = files.filter((f) => f.role === "generated" || !fileExists(f.path));
    let formatted: { path: string; contents: string }[];
    try {
      formatted = await formatter.format(fresh);
    } catch (error) {
      if (error instanceof GenerateError) return failed(error.diagnostics);
      throw error;
    }
    files = files.map((f) => {
      const i = fresh.indexOf(f);
      return i === -1 ? f : { ...f, contents: formatted[i]!.contents };
    });
  }
  // After prettier: validators keep ajv's layout (formatting a thousand of them would take longer than compiling them).
  if (validators !== undefined) files.push(...validators.files.map((f): GeneratedFile => ({ ...f, role: "generated" })));
  const inputs = { outDir, options: outputShapingOptions(options), specFiles: new Map(documents.map((d) => [d.path, d.text])), schemaFiles };
  let manifest = buildManifestFile(inputs, files.filter((f) => f.role === "generated"));
  // Through the same prettier as the files it describes, so that `prettier --check` passes on it too.
  if (formatter !== undefined) manifest = { ...manifest, contents: (await formatter.format([manifest]))[0]!.contents };
  files.push({ ...manifest, role: "generated" });
  return { files, diagnostics: [], notes, warnings, toolCount: models.length, outDir, ...(formatter && { formattedWith: { version: formatter.version, from: formatter.from } }) };
}

async function stubsFile(
  file: string,
  outDir: string,
  models: readonly ToolModel[],
  display: (file: string) => string,
  notes: string[],
): Promise<GeneratedFile | undefined> {
  const existing = readIfExists(file);
  if (existing === undefined) {
    let importPath = relativePath(path.dirname(file), path.join(outDir, "index.js"));
    if (!importPath.startsWith(".")) importPath = `./${importPath}`;
    return { path: file, contents: emitStubsFile(models, importPath), role: "stubs" };
  }
  const update = await addMissingStubs(existing, models, file);
  if (update.problem !== undefined) notes.push(`${display(file)}: ${update.problem}`);
  if (update.text === undefined) return undefined;
  notes.push(`${display(file)}: added stub handlers for ${update.added.join(", ")}`);
  return { path: file, contents: update.text, role: "stubs" };
}

/** Tools in the previous output that are gone now: their handlers stay in the user's file, and are reported. */
function removedToolNotes(previousHandlers: string, models: readonly ToolModel[], stubsFile: string | undefined): string[] {
  const previous = readIfExists(previousHandlers);
  const names = previous === undefined ? undefined : /const clientToolNames: ReadonlySet<string> = new Set\(\[([^\]]*)\]\)/.exec(previous)?.[1];
  if (names === undefined) return [];
  // Tool names hold only letters, digits, "_" and "-": no escapes to undo, whatever the quote style.
  const before = [...names.matchAll(/["']([A-Za-z0-9_-]+)["']/g)].map((match) => match[1]!);
  const now = new Set(models.map((m) => m.name));
  const where = stubsFile === undefined ? "your handlers" : stubsFile;
  return before.filter((name) => !now.has(name)).map((name) => `tool "${name}" was removed: delete its handler from ${where} (left as it is)`);
}

/**
 * A file that a `$ref` names, its text kept in `texts` for the manifest. Its problem is reported
 * at the `$ref`, so the message carries the file's own place.
 */
function readSchemaFile(file: string, displayPath: string, texts: Map<string, string>): { value: unknown } | { error: string } {
  const read = readJsonFile(file, displayPath);
  if (!("document" in read)) return { error: formatDiagnostic(read.diagnostic) };
  texts.set(file, read.document.text);
  return { value: read.document.value };
}

function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function fileExists(file: string): boolean {
  return readIfExists(file) !== undefined;
}
