import { Project, ts } from "ts-morph";
import { runtimeDeclarations } from "./runtime-package.js";

/**
 * The strictest settings generated code must pass. `types: []` keeps
 * @types/node out, so code meant for browsers cannot lean on Node globals.
 */
const compilerOptions: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  isolatedModules: true,
  verbatimModuleSyntax: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  noUnusedLocals: true,
  noImplicitReturns: true,
  noImplicitOverride: true,
  noFallthroughCasesInSwitch: true,
  noPropertyAccessFromIndexSignature: true,
  skipLibCheck: false,
  noEmit: true,
  types: [],
};

const LIB_FOLDER = "/node_modules/typescript/lib";

/** Under NodeNext a .ts file is CommonJS unless a package.json says otherwise. */
const ESM_PACKAGE_JSON = '{ "type": "module" }';

let libFiles: ReadonlyMap<string, ts.SourceFile> | undefined;

/**
 * The bundled lib files, parsed once per process and shared by every program
 * (a reused SourceFile also keeps its binding, which is most of the cost).
 * ts-morph's in-memory project is only the way to reach its bundled libs: its
 * own source files ignore package.json "type", so NodeNext ESM needs our host.
 */
function sharedLibFiles(): ReadonlyMap<string, ts.SourceFile> {
  if (libFiles === undefined) {
    const project = new Project({ useInMemoryFileSystem: true, compilerOptions });
    // A program without root files loads no libs.
    project.createSourceFile("/probe.ts", "export {};");
    const program = project.getProgram().compilerObject;
    libFiles = new Map(
      program
        .getSourceFiles()
        .filter((sf) => sf.fileName.startsWith(`${LIB_FOLDER}/`))
        .map((sf) => [sf.fileName, sf]),
    );
  }
  return libFiles;
}

/**
 * Type-checks in-memory files (keys are absolute paths such as "/gen/types.ts")
 * and returns the diagnostics as "file:line:col message", empty when clean.
 * A "/package.json" marking the files as ES modules is added unless given, and the runtime
 * package's declarations are installed under /node_modules.
 */
export function typecheck(files: Record<string, string>): string[] {
  const libs = sharedLibFiles();
  // Generated code imports the runtime package: it is installed, as in every user's project.
  const texts = new Map([...runtimeDeclarations(), ...Object.entries(files)]);
  if (!texts.has("/package.json")) texts.set("/package.json", ESM_PACKAGE_JSON);
  const directories = new Set<string>();
  for (const path of texts.keys()) {
    for (let dir = parentOf(path); dir !== ""; dir = parentOf(dir)) directories.add(dir);
  }
  const host: ts.CompilerHost = {
    // The program passes the implied module format (from package.json) in `options`.
    getSourceFile: (name, options) => {
      const lib = libs.get(name);
      if (lib !== undefined) return lib;
      const text = texts.get(name);
      return text === undefined ? undefined : ts.createSourceFile(name, text, options, true);
    },
    fileExists: (name) => texts.has(name) || libs.has(name),
    readFile: (name) => texts.get(name),
    directoryExists: (name) => name === "/" || directories.has(name),
    getDirectories: () => [],
    getDefaultLibFileName: (options) => `${LIB_FOLDER}/${ts.getDefaultLibFileName(options)}`,
    getDefaultLibLocation: () => LIB_FOLDER,
    writeFile: () => undefined,
    getCurrentDirectory: () => "/",
    getCanonicalFileName: (name) => name,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => "\n",
  };
  const rootNames = [...texts.keys()].filter((path) => !path.endsWith(".json") && !path.startsWith("/node_modules/"));
  const program = ts.createProgram({ rootNames, options: compilerOptions, host });
  // Diagnostics of our files only: asking for the lib files' diagnostics would
  // re-check lib.dom.d.ts on every call, and those are not ours to fix.
  const diagnostics: ts.Diagnostic[] = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  for (const path of rootNames) {
    const sf = program.getSourceFile(path);
    if (sf !== undefined)
      diagnostics.push(...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf));
  }
  return diagnostics.map(format);
}

function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf("/"));
}

function format(d: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
  if (d.file === undefined || d.start === undefined) return message;
  const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
  return `${d.file.fileName}:${line + 1}:${character + 1} ${message}`;
}
