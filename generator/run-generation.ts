import type { GenerationCache } from "./cache/generation-cache.js";
import { openKnownFiles } from "./cache/known-files-cache.js";
import { openProductsStore, type ProductsStore } from "./cache/products-store.js";
import { openValidatorCache } from "./cache/validator-cache.js";
import { checkSpecs } from "./check/check-specs.js";
import { type Diagnostic, GenerateError } from "./diagnostics.js";
import { type EmitMemo, emitOutput } from "./emit/emitters.js";
import type { OutputPlan } from "./emit/output-plan.js";
import type { CompilePool } from "./emit/validators/compile-pool.js";
import type { ValidatorCache } from "./emit/validators/validator-cache.js";
import { formatFiles } from "./format/format-files.js";
import { loadFormatter } from "./format/prettier.js";
import type { GeneratedFile, GenerateResult } from "./generate-result.js";
import { createLocator, type Locator } from "./load/locator.js";
import { readPreviousSpecs } from "./load/previous-specs.js";
import { loadSources, type SourceSet } from "./load/sources.js";
import { listSpecFiles } from "./load/spec-files.js";
import { buildManifestFile } from "./manifest/build-manifest.js";
import { type DigestedInputs, digestInputs } from "./manifest/inputs.js";
import { buildToolModels, type ModelMemo } from "./model/build-models.js";
import { type PreviousVersions, withCompatibleVersions } from "./model/compatible-versions.js";
import type { ToolModel } from "./model/tool-model.js";
import type { GenerateOptions } from "./options/generate-options.js";
import { outputShapingOptions, type ResolvedOptions } from "./options/resolve.js";
import { resolveOptions } from "./resolve-options.js";
/**
 * Reads, checks and emits; writes nothing (see `writeGenerated`). The stages, each a function
 * from one value to the next: load (the only one that reads files) -> check -> model -> emit ->
 * format -> manifest. `cache`: what an earlier run in this process kept (`--watch`, the Vite
 * plugin), so that this one redoes only the changed files' work.
 */
export async function runGeneration(given: GenerateOptions, cache?: GenerationCache): Promise<GenerateResult> {
  const options = resolveOptions(given);
  const outDir = options.out;
  const failed = (diagnostics: readonly Diagnostic[], warnings: readonly Diagnostic[] = []): GenerateResult => ({
    files: [],
    diagnostics,
    notes: [],
    warnings,
    toolCount: 0,
    outDir,
  });

  // A process that keeps no generation cache takes what it can from the files the last run generated.
  const store = cache === undefined ? openProductsStore(options.cwd, outDir) : undefined;
  const planned = await planOutput(options, cache, store);
  if ("diagnostics" in planned) return failed(planned.diagnostics, planned.warnings);
  const { plan, read, tools, versions } = planned;

  const formatter = options.prettier ? await loadFormatter(outDir, options.cwd) : undefined;
  let files: GeneratedFile[];
  try {
    files = [...(await formatFiles(plan.files, formatter))];
  } catch (error) {
    if (error instanceof GenerateError) return failed(error.diagnostics);
    throw error;
  }
  const manifest = buildManifestFile(
    read.inputs,
    tools,
    versions,
    files.filter((f) => f.role === "generated"),
    cache,
    new Map(plan.files.flatMap(({ path, knownDigest }) => (knownDigest === undefined ? [] : [[path, knownDigest]]))),
  );
  store?.save(files);
  // Through the same prettier as the files it describes, so that `prettier --check` passes on it too.
  const [formattedManifest] = formatter === undefined ? [manifest] : await formatter.format([manifest]);
  files.push({ ...manifest, contents: formattedManifest!.contents, role: "generated" });
  return {
    files,
    diagnostics: [],
    notes: plan.notes,
    warnings: read.warnings,
    toolCount: tools.length,
    outDir,
    ...(formatter && { formattedWith: { version: formatter.version, from: formatter.from } }),
  };
}

/**
 * Load, check, model and emit: the output plan, the tools' names, and what the manifest and the
 * report need of the files read. The models (the parsed specs among them, tens of megabytes for
 * thousands of tools) stay here, so that they can be collected while the files are formatted and
 * hashed.
 */
async function planOutput(
  options: ResolvedOptions,
  cache: GenerationCache | undefined,
  store: ProductsStore | undefined,
): Promise<
  | {
      plan: OutputPlan;
      read: Omit<ReadSpecs, "models" | "memo">;
      tools: readonly string[];
      versions: Readonly<Record<string, readonly string[]>>;
    }
  | { diagnostics: readonly Diagnostic[]; warnings?: readonly Diagnostic[] }
> {
  const validatorCache = validatorCacheOf(options, cache);
  const threads = options.validators && validatorCache.holdsNone() ? await startCompilerThreads(options) : undefined;
  try {
    const specs = readSpecs(options, cache, store);
    if ("diagnostics" in specs) return specs;
    const { models: checked, memo, ...read } = specs;
    const { models, versions } = await withCompatibleVersions(checked, read.previousVersions, () => [
      (name) => cache?.generatedSpecs?.get(name),
      readPreviousSpecs(options.out, store?.readSpecsText),
    ]);
    const plan = await emitOutput(models, {
      options,
      stubs: read.stubs,
      previousTools: read.previousTools,
      validatorCache,
      validatorCompiler:
        threads === undefined
          ? async () => (await import("./emit/validators/compile-pool.js")).compileTools
          : () => threads.compile,
      cache: memo,
      knownFiles: options.validators ? openKnownFiles(options.out).files : undefined,
    });
    store?.record(models, plan.files);
    if (plan.problems.length > 0)
      return { diagnostics: read.locator === undefined ? plan.problems : read.locator.locate(plan.problems) };
    if (cache !== undefined) cache.generatedSpecs = new Map(models.map((model) => [model.name, model.spec]));
    return { plan, read, tools: models.map((model) => model.name), versions };
  } finally {
    threads?.close();
  }
}

/** The output folder's validators cache, opened once in a process that keeps a generation cache. */
function validatorCacheOf(options: ResolvedOptions, cache: GenerationCache | undefined): ValidatorCache {
  const key = `${options.cwd}\0${options.out}`;
  let opened = cache?.validatorCaches.get(key);
  if (opened === undefined) {
    opened = openValidatorCache(options.cwd, options.out);
    cache?.validatorCaches.set(key, opened);
  }
  return opened;
}

/**
 * A first `--validators` run compiles every tool: its compiler threads (as many as the spec files make worth it)
 * start before the specs are read, and load ajv while this thread reads, checks and models them. The emitter's module
 * is loaded with them, so that it hands out the work before this thread goes on to the other emitters.
 */
async function startCompilerThreads(options: ResolvedOptions): Promise<CompilePool | undefined> {
  const [{ openCompilePool, threadsFor }] = await Promise.all([
    import("./emit/validators/compile-pool.js"),
    import("./emit/validators/index.js"),
  ]);
  return openCompilePool(threadsFor(listSpecFiles(options.in, options.cwd).files.length));
}

/** What load, check and model give the later stages: the models, and what they need of the files read. */
interface ReadSpecs {
  readonly models: readonly ToolModel[];
  /** What model and emit take from an earlier run: the generation cache, or what the products store found. */
  readonly memo: (ModelMemo & EmitMemo) | undefined;
  readonly stubs: SourceSet["stubs"];
  readonly previousTools: readonly string[] | undefined;
  /** Each tool's version and compatible earlier ones, as the previous run recorded them. */
  readonly previousVersions: PreviousVersions | undefined;
  readonly inputs: DigestedInputs;
  readonly warnings: readonly Diagnostic[];
  /** For problems the emitters report in the spec files; only the validators' emitter has any. */
  readonly locator: Locator | undefined;
}

/**
 * Load, check and model, or the problems they found. The spec files' text (tens of megabytes for
 * thousands of tools) stays here: what is returned holds their digest and the warnings placed
 * already, and the texts only for the one emitter that can report a problem in them.
 */
function readSpecs(
  options: ResolvedOptions,
  cache: GenerationCache | undefined,
  store: ProductsStore | undefined,
): ReadSpecs | { readonly diagnostics: readonly Diagnostic[]; readonly warnings: readonly Diagnostic[] } {
  const { sources, diagnostics: unread } = loadSources(options, cache, store?.readBefore);
  const locator = createLocator(sources.specs.map((spec) => spec.document));
  const checked = checkSpecs(sources.specs, cache, store?.knownChecks(sources));
  const memo = cache ?? store?.seed(checked, sources);
  const { models, problems } = buildToolModels(checked.tools, locator, memo);
  const diagnostics = [
    ...unread,
    ...locator.locate([...checked.problems, ...(options.failOnWarnings ? checked.warnings : []), ...problems]),
  ];
  // The warnings go with the problems: a run that stops still says everything it found.
  if (diagnostics.length > 0)
    return { diagnostics, warnings: options.failOnWarnings ? [] : locator.locate(checked.warnings) };
  const specFiles = new Map(sources.specs.map(({ document }) => [document.path, document.digest]));
  return {
    models,
    memo,
    stubs: sources.stubs,
    previousTools: sources.previousManifest?.tools,
    previousVersions: sources.previousManifest?.versions,
    inputs: digestInputs({
      outDir: options.out,
      options: outputShapingOptions(options),
      specFiles,
      schemaFiles: sources.schemaDigests,
    }),
    warnings: options.failOnWarnings ? [] : locator.locate(checked.warnings),
    locator: options.validators ? locator : undefined,
  };
}
