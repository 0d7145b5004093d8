import path from "node:path";
import { withContentsOf } from "../deferred-contents.js";
import type { ToolModel } from "../model/tool-model.js";
import type { ResolvedOptions } from "../options/resolve.js";
import { relativePath } from "../relative-path.js";
import type { PiecedText } from "../text-chunks.js";
import { emitClientInputsFile } from "./client-inputs-file.js";
import { emitHandlersFile } from "./handlers-file.js";
import { styleImports } from "./import-specifiers.js";
import { emitIndexFile, exportsOf, type ModuleExports } from "./index-file.js";
import type { KnownOutput, OutputPlan, PlannedFile } from "./output-plan.js";
import { emitSpecsFile, type SpecsMemo } from "./specs-file.js";
import { emitStubsFile } from "./stubs/stubs-file.js";
import { addMissingStubs, type StubsMemo } from "./stubs/update-stubs.js";
import { emitTypesFile, type ToolsFile, type TypesMemo } from "./types-file.js";
import type { CompileTools } from "./validators/compile-pool.js";
import type { ValidatorsMemo } from "./validators/index.js";
import type { ValidatorCache } from "./validators/validator-cache.js";

/**
 * What the emitters keep for the next run in the process (see GenerationCache): each tool's parts of types.ts and
 * specs.ts and its validator module, the names each piece of the indexed modules exports, by the piece's text, and
 * the names the user's handlers file mentions.
 */
export interface EmitMemo extends TypesMemo, SpecsMemo, StubsMemo, ValidatorsMemo {
  /** Kept only where runs follow one another in a process: a map by the text of every piece costs its hashing. */
  readonly pieceExports?: Map<string, ModuleExports>;
}

/** What emitters are given besides the models: the options, and what load read that an emitter needs. */
export interface EmitContext {
  readonly options: ResolvedOptions;
  /** The user's handlers file, and its text when it exists. */
  readonly stubs: { readonly path: string; readonly text: string | undefined } | undefined;
  /** The tools of the previous run (its manifest), when known. */
  readonly previousTools: readonly string[] | undefined;
  readonly validatorCache: ValidatorCache;
  /**
   * The validators' compiler (ajv's code generator and its threads), loaded when there is something to compile, or
   * given at once where its threads were started ahead.
   */
  readonly validatorCompiler: () => CompileTools | Promise<CompileTools>;
  /** What the emitters kept from an earlier run in this process. */
  readonly cache?: EmitMemo | undefined;
  /** What earlier runs found in the output folder (see KnownFiles): a file found there as it is to be need not be read. */
  readonly knownFiles?: KnownOutput | undefined;
}

/**
 * One output: whether a run writes it, and how. A new output file is an emitter, its template, one line in the options
 * table and a test.
 */
export interface Emitter {
  readonly name: string;
  when(options: ResolvedOptions): boolean;
  /**
   * Started before the others, given no `planned` files: an emitter that hands its work to other threads, which
   * then work while this one runs the other emitters.
   */
  readonly early?: boolean;
  /** `planned`: the files of the emitters before it. */
  emit(
    models: readonly ToolModel[],
    context: EmitContext,
    planned: readonly PlannedFile[],
  ): OutputPlan | Promise<OutputPlan>;
}

/** The modules index.ts re-exports, in the order they were emitted. */
const INDEXED = ["types.ts", "specs.ts", "handlers.ts", "client-inputs.ts"];

/**
 * How many pieces the memo of exports may hold beyond those of the latest run before it is cut back to them: few, since
 * a superseded piece can be a whole module (handlers.ts is one piece, ~100 KB at 1,000 tools).
 */
const SPARE_PIECES = 32;

function indexedModules(out: string, planned: readonly PlannedFile[], cache: EmitMemo | undefined) {
  const memo = cache?.pieceExports;
  const files = INDEXED.flatMap((file) => {
    const found = planned.find((p) => p.path === path.join(out, file));
    if (found === undefined) return [];
    const { pieces = [found.contents], innerPieces } = found;
    return [{ file, pieces: innerPieces === undefined ? pieces : pieces.filter((_, i) => !innerPieces.has(i)) }];
  });
  const modules = files.map(({ file, pieces }) => ({
    specifier: `./${file.replace(/\.ts$/, ".js")}`,
    exports: exportsOf(pieces, memo),
  }));
  // Each run adds the pieces of the tools that changed: the memo is cut back to the latest run's now and then.
  const latest = files.reduce((sum, { pieces }) => sum + pieces.length, 0);
  if (memo !== undefined && memo.size > latest + SPARE_PIECES) {
    const kept = new Set(files.flatMap(({ pieces }) => pieces));
    for (const piece of memo.keys()) if (!kept.has(piece)) memo.delete(piece);
  }
  return modules;
}

const generated = (folder: string, file: string, text: string | PiecedText | ToolsFile): OutputPlan => ({
  files: [
    {
      path: path.join(folder, file),
      ...(typeof text === "string" ? { contents: text } : { contents: text.text, pieces: text.pieces }),
      ...(typeof text !== "string" &&
        "toolPieces" in text && { toolPieces: text.toolPieces, innerPieces: text.innerPieces }),
      role: "generated",
      format: true,
    },
  ],
  notes: [],
  problems: [],
});

/** The emitters, in the order their files are listed. */
export const EMITTERS: readonly Emitter[] = [
  {
    name: "types",
    when: () => true,
    emit: (models, { options, cache }) => generated(options.out, "types.ts", emitTypesFile(models, cache)),
  },
  {
    name: "specs",
    when: () => true,
    emit: (models, { options, cache }) => generated(options.out, "specs.ts", emitSpecsFile(models, cache)),
  },
  {
    name: "handlers",
    when: () => true,
    emit: (models, { options }) =>
      generated(options.out, "handlers.ts", emitHandlersFile(models, { validators: options.validators })),
  },
  {
    name: "client-inputs",
    when: () => true,
    emit: (models, { options }) => generated(options.out, "client-inputs.ts", emitClientInputsFile(models)),
  },
  {
    name: "index",
    when: () => true,
    emit: (_models, { options, cache }, planned) =>
      generated(options.out, "index.ts", emitIndexFile(indexedModules(options.out, planned, cache))),
  },
  { name: "stubs", when: (options) => options.stubs !== false, emit: emitStubs },
  {
    name: "validators",
    when: (options) => options.validators,
    early: true,
    async emit(models, { options, validatorCache, validatorCompiler, cache, knownFiles }) {
      // Loaded only when asked for: compiling validators costs more than the rest of a run.
      const { emitValidatorFiles } = await import("./validators/index.js");
      const emitted = await emitValidatorFiles(models, {
        outDir: options.out,
        cache: validatorCache,
        memo: cache,
        compiler: validatorCompiler,
        knownFiles,
      });
      return {
        files: emitted.files.map(
          (file): PlannedFile =>
            withContentsOf(file, {
              path: file.path,
              ...(file.knownDigest && { knownDigest: file.knownDigest }),
              role: "generated",
              format: true,
            }),
        ),
        notes: emitted.notes,
        problems: emitted.problems,
      };
    },
  },
];

/** The emit stage: every emitter the options ask for, then the notes about tools the previous run had. */
export async function emitOutput(models: readonly ToolModel[], context: EmitContext): Promise<OutputPlan> {
  const emitters = EMITTERS.filter((emitter) => emitter.when(context.options));
  const started = new Map<Emitter, Promise<OutputPlan>>();
  for (const emitter of emitters.filter((e) => e.early === true)) {
    const plan = Promise.resolve(emitter.emit(models, context, []));
    // Awaited in its turn; a run that stops before that leaves it (an unawaited rejection would end the process).
    plan.catch(() => {});
    started.set(emitter, plan);
  }
  // One turn of the event loop: an early emitter gets as far as handing out its work.
  if (started.size > 0) await new Promise((resolve) => setImmediate(resolve));
  const files: PlannedFile[] = [];
  const notes: string[] = [];
  for (const emitter of emitters) {
    const plan = await (started.get(emitter) ?? emitter.emit(models, context, files));
    if (plan.problems.length > 0) return { files: [], notes: [], problems: plan.problems };
    files.push(
      ...plan.files.map((file) =>
        // Emitters write `.js` specifiers already; a copy would read a deferred file's text (see deferredFile).
        file.pieces === undefined && context.options.importExtension !== ".js"
          ? { ...file, contents: styleImports(file.contents, context.options.importExtension) }
          : file,
      ),
    );
    notes.push(...plan.notes);
  }
  notes.push(...removedToolNotes(models, context));
  return { files, notes, problems: [] };
}

/** The user's handlers file: a new one, or the existing one with stubs for the tools it lacks. */
async function emitStubs(models: readonly ToolModel[], { options, stubs, cache }: EmitContext): Promise<OutputPlan> {
  if (stubs === undefined) return { files: [], notes: [], problems: [] };
  const shown = relativePath(options.cwd, stubs.path);
  if (stubs.text === undefined) {
    let importPath = relativePath(path.dirname(stubs.path), path.join(options.out, `index${options.importExtension}`));
    if (!importPath.startsWith(".")) importPath = `./${importPath}`;
    return {
      files: [{ path: stubs.path, contents: emitStubsFile(models, importPath), role: "stubs", format: true }],
      notes: [],
      problems: [],
    };
  }
  const update = await addMissingStubs(stubs.text, models, stubs.path, cache);
  const notes = update.problem === undefined ? [] : [`${shown}: ${update.problem}`];
  if (update.text === undefined) return { files: [], notes, problems: [] };
  notes.push(`${shown}: added stub handlers for ${update.added.join(", ")}`);
  // Formatted only where the user's own text is prettier's already (see formatFiles).
  return {
    files: [{ path: stubs.path, contents: update.text, original: stubs.text, role: "stubs", format: true }],
    notes,
    problems: [],
  };
}

/** Tools the previous run generated that are gone now: their handlers stay in the user's file, and are reported. */
function removedToolNotes(models: readonly ToolModel[], { options, stubs, previousTools }: EmitContext): string[] {
  const now = new Set(models.map((m) => m.name));
  const where = stubs === undefined ? "your handlers" : relativePath(options.cwd, stubs.path);
  return (previousTools ?? [])
    .filter((name) => !now.has(name))
    .map((name) => `tool "${name}" was removed: delete its handler from ${where} (left as it is)`);
}
