import path from "node:path";
import type { ClientToolSpec } from "@gen-client-tools/runtime/core";
import { deferredFile } from "../../deferred-contents.js";
import { type FileProblem, GenerateError } from "../../diagnostics.js";
import { textDigest } from "../../digest.js";
import type { ToolModel } from "../../model/tool-model.js";
import { banner } from "../../output-format/banner.js";
import { readPlainFile } from "../../read-plain-file.js";
import type { KnownDigest, KnownOutput } from "../output-plan.js";
import { validatorCacheKey, validatorExportsDigest } from "./cache-key.js";
import type { CompileTools } from "./compile-pool.js";
import { fileNameProblems, INDEX_MODULE, STANDARD_SCHEMAS_MODULE, VALIDATORS_FOLDER } from "./file-names.js";
import { toolProblem } from "./locate.js";
import { standardSchemasModule } from "./standard-schemas-module.js";
import { type ToolValidatorExport, toolValidatorExports } from "./tool-exports.js";
import type { CachedModule, CacheEntry, ValidatorCache } from "./validator-cache.js";
import { validatorsMapModule } from "./validators-map.js";

/**
 * What the validators emitter keeps for the next run in the process (see GenerationCache): each tool's module and its
 * file's text, by the tool's spec (what its cache key is computed from), so that an unchanged tool costs neither its
 * key nor a read of the cache.
 */
export interface ValidatorsMemo {
  readonly validatorModules: WeakMap<ClientToolSpec, KeptModule>;
  /**
   * The digest of each tool's validator exports (see validatorExportsDigest), as this run took or computed it: a run in
   * a new process has it from the products store, which keeps it for the next.
   */
  readonly validatorExports?: WeakMap<ClientToolSpec, string>;
}

/**
 * A tool's module as a run has it: compiled, or taken from the cache and checked, or a cache entry whose file the
 * output folder holds already, not read at all (see deferredFile).
 */
type ModuleSource = CachedModule | CacheEntry;

interface KeptModule {
  readonly source: ModuleSource;
  /** The module's file, the same object from run to run (so that its digest is kept too). */
  readonly file: ValidatorFile;
}

/** `knownDigest`: the textDigest of the file's text, where the cache had it (see CachedModule). */
type ValidatorFile = { readonly path: string; readonly contents: string; readonly knownDigest?: KnownDigest };

export interface ValidatorFilesOptions {
  /** The output folder; the files go to its `validators/` folder. */
  readonly outDir: string;
  /** The modules compiled in earlier runs. */
  readonly cache: ValidatorCache;
  /** Each tool's module from an earlier run in this process. */
  readonly memo?: ValidatorsMemo | undefined;
  /**
   * Compiles what the cache does not hold (compile-pool.ts, loaded only when there is something to compile); given at
   * once where its threads are running already, so that they start before this thread goes on to other work.
   */
  readonly compiler: () => CompileTools | Promise<CompileTools>;
  /** What earlier runs found in the output folder: a module file found there as the cache has it is not read. */
  readonly knownFiles?: KnownOutput | undefined;
}

export interface ValidatorFiles {
  readonly files: readonly ValidatorFile[];
  /** Tools whose validators cannot be generated; there are no files when there is one. */
  readonly problems: readonly FileProblem[];
  /** What the validators do not check (an unknown `format`). */
  readonly notes: readonly string[];
  /** Names of the tools compiled in this run; the others came from the cache. */
  readonly compiled: readonly string[];
}

/**
 * The `--validators` output: standalone ajv validators of every tool's arguments and, for an
 * awaited tool, its result, as `validators/<id>.ts`, and `validators/index.ts` with the
 * `clientToolValidators` map, and `validators/standard-schemas.ts` with the same validators as
 * Standard Schema objects: TypeScript modules like the rest of the output, which the
 * project's own compiler or bundler builds in its own module format.
 *
 * Compiling is the slow part (milliseconds per schema), so each tool's module is cached by
 * the content it is made from, and a run compiles only the tools that changed.
 */
export async function emitValidatorFiles(
  models: readonly ToolModel[],
  options: ValidatorFilesOptions,
): Promise<ValidatorFiles> {
  const nameProblems = fileNameProblems(models);
  if (nameProblems.length > 0) return { files: [], problems: nameProblems, notes: [], compiled: [] };

  const { cache, memo } = options;
  const folder = path.join(options.outDir, VALIDATORS_FOLDER);
  const modulePath = (model: ToolModel): string => path.join(folder, `${model.id}.ts`);
  const tools = models.map((model) => ({ model, exports: toolValidatorExports(model) }));
  const modules = new Map<ToolModel, ModuleSource>();
  const misses: { model: ToolModel; exports: readonly ToolValidatorExport[]; key: string }[] = [];
  for (const { model, exports } of tools) {
    const kept = memo?.validatorModules.get(model.spec)?.source;
    if (kept !== undefined) {
      modules.set(model, kept);
      continue;
    }
    let digest = memo?.validatorExports?.get(model.spec);
    if (digest === undefined) {
      digest = validatorExportsDigest(exports);
      memo?.validatorExports?.set(model.spec, digest);
    }
    const key = validatorCacheKey(digest);
    const entry = cache.get(model.id, key);
    const found =
      entry !== undefined && options.knownFiles?.holds(modulePath(model), entry.fileDigest) === true
        ? entry
        : entry?.module();
    if (found !== undefined) modules.set(model, found);
    else misses.push({ model, exports, key });
  }

  // By tool, in the tools' order: threads finish in any order.
  const failures: FileProblem[][] = [];
  if (misses.length > 0) {
    const compile = (compileTools: CompileTools): Promise<void> =>
      compileTools(
        misses.map((tool) => tool.exports),
        (index, outcome) => {
          const { model, key } = misses[index]!;
          if ("errors" in outcome) {
            failures[index] = outcome.errors.map(({ role, error }) =>
              toolProblem(model, role, `cannot generate a validator from this schema: ${error}`),
            );
            return;
          }
          modules.set(model, cache.set(model.id, key, outcome));
        },
      );
    // No await before the work is handed out: the caller runs the other emitters meanwhile.
    const compiler = options.compiler();
    await (typeof compiler === "function" ? compile(compiler) : compiler.then(compile));
  }
  const problems = failures.flat();
  if (problems.length > 0) return { files: [], problems, notes: [], compiled: [] };
  cache.prune(new Set(models.map((model) => model.id)));

  const files: ValidatorFile[] = [];
  const notes: string[] = [];
  for (const { model } of tools) {
    const source = modules.get(model)!;
    const file = modulePath(model);
    let kept = memo?.validatorModules.get(model.spec);
    if (kept?.source !== source || kept.file.path !== file) {
      kept = { source, file: moduleFile(file, source) };
      memo?.validatorModules.set(model.spec, kept);
    }
    files.push(kept.file);
    notes.push(
      ...source.warnings.map(
        (warning) => `${model.source.file}: validator of tool ${JSON.stringify(model.name)}, ${warning}`,
      ),
    );
  }
  files.push({ path: path.join(folder, `${INDEX_MODULE}.ts`), contents: banner() + validatorsMapModule(tools) });
  files.push({
    path: path.join(folder, `${STANDARD_SCHEMAS_MODULE}.ts`),
    contents: banner() + standardSchemasModule(tools),
  });
  return { files, problems: [], notes, compiled: misses.map((tool) => tool.model.name) };
}

function moduleFile(file: string, source: ModuleSource): ValidatorFile {
  if (!("module" in source)) {
    const contents = banner() + source.code;
    return { path: file, contents, ...(source.fileDigest && { knownDigest: { contents, digest: source.fileDigest } }) };
  }
  // Read only should the file need writing after all (changed since), or should the caller of `generate` ask.
  return deferredFile({ path: file }, source.fileDigest, () => {
    const module = source.module();
    if (module !== undefined) return banner() + module.code;
    const onDisk = readPlainFile(file);
    if (onDisk !== undefined && textDigest(onDisk) === source.fileDigest) return onDisk;
    throw new GenerateError([
      {
        file,
        message:
          "the validators' cache entry of this module is damaged, and the file changed while the run wrote the others: " +
          "run again, which compiles it anew",
      },
    ]);
  });
}
