import path from "node:path";
import type { Diagnostic } from "../../diagnostics.js";
import type { ToolModel } from "../../model/tool-model.js";
import { banner } from "../banner.js";
import { validatorCacheKey } from "./cache-key.js";
import { openValidatorCache, type CachedModule } from "./cache.js";
import { fileNameProblems, INDEX_MODULE, VALIDATORS_FOLDER } from "./file-names.js";
import { toolDiagnostic } from "./locate.js";
import { toolValidatorExports } from "./tool-exports.js";
import { validatorsMapModule } from "./validators-map.js";

export interface ValidatorFilesOptions {
  /** The output folder; the files go to its `validators/` folder. */
  readonly outDir: string;
  /** The user's project folder: the cache goes to its node_modules/.cache (see cache.ts). */
  readonly cwd: string;
}

export interface ValidatorFiles {
  readonly files: readonly { readonly path: string; readonly contents: string }[];
  /** Tools whose validators cannot be generated; there are no files when there is one. */
  readonly diagnostics: readonly Diagnostic[];
  /** What the validators do not check (an unknown `format`). */
  readonly notes: readonly string[];
  /** Names of the tools compiled in this run; the others came from the cache. */
  readonly compiled: readonly string[];
}

/**
 * The `--validators` output: standalone ajv validators of every tool's arguments and, for an
 * awaited tool, its result, as `validators/<id>.ts`, and `validators/index.ts` with the
 * `clientToolValidators` map: TypeScript modules like the rest of the output, which the
 * project's own compiler or bundler builds in its own module format.
 *
 * Compiling is the slow part (milliseconds per schema), so each tool's module is cached by
 * the content it is made from, and a run compiles only the tools that changed.
 */
export async function emitValidatorFiles(models: readonly ToolModel[], options: ValidatorFilesOptions): Promise<ValidatorFiles> {
  const nameProblems = fileNameProblems(models);
  if (nameProblems.length > 0) return { files: [], diagnostics: nameProblems, notes: [], compiled: [] };

  const cache = openValidatorCache(options.cwd, options.outDir);
  const tools = models.map((model) => ({ model, exports: toolValidatorExports(model), key: validatorCacheKey(model) }));
  const modules = new Map<ToolModel, CachedModule>();
  const misses = tools.filter((tool) => {
    const cached = cache.get(tool.model.id, tool.key);
    if (cached !== undefined) modules.set(tool.model, cached);
    return cached === undefined;
  });

  // By tool, in the tools' order: threads finish in any order.
  const failures: Diagnostic[][] = [];
  if (misses.length > 0) {
    // ajv's code generator loads only when there is something to compile.
    const { compileTools } = await import("./compile-pool.js");
    await compileTools(
      misses.map((tool) => tool.exports),
      (index, outcome) => {
        const { model, key } = misses[index]!;
        if ("errors" in outcome) {
          failures[index] = outcome.errors.map(({ role, error }) => toolDiagnostic(model, role, `cannot generate a validator from this schema: ${error}`));
          return;
        }
        cache.set(model.id, key, outcome);
        modules.set(model, outcome);
      },
    );
  }
  const diagnostics = failures.flat();
  if (diagnostics.length > 0) return { files: [], diagnostics, notes: [], compiled: [] };
  cache.prune(new Set(models.map((model) => model.id)));

  const folder = path.join(options.outDir, VALIDATORS_FOLDER);
  const files: { path: string; contents: string }[] = [];
  const notes: string[] = [];
  for (const { model, exports } of tools) {
    const module = modules.get(model)!;
    files.push({ path: path.join(folder, `${model.id}.ts`), contents: banner() + module.code });
    notes.push(...module.warnings.map((warning) => `${model.source.document.displayPath}: validator of tool ${JSON.stringify(model.name)}, ${warning}`));
  }
  files.push({ path: path.join(folder, `${INDEX_MODULE}.ts`), contents: banner() + validatorsMapModule(tools) });
  return { files, diagnostics: [], notes, compiled: misses.map((tool) => tool.model.name) };
}
