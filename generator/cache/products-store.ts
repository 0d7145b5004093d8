import { existsSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { ClientToolFingerprints, ClientToolSpec } from "@gen-client-tools/runtime/core";
import { sha256Hex } from "@gen-client-tools/runtime/core";
import type { CheckedTool, KnownChecks } from "../check/check-specs.js";
import { specHead } from "../check/deferred-spec.js";
import type { FileProblem } from "../diagnostics.js";
import type { EmitMemo } from "../emit/emitters.js";
import type { PlannedFile } from "../emit/output-plan.js";
import { sameStamp } from "../file-stamp.js";
import { generatorDigest } from "../generator-digest.js";
import type { ReadBefore, SourceSet, SpecSource } from "../load/sources.js";
import { digestOf } from "../manifest/file-digests.js";
import { type ModelMemo, toolModel } from "../model/build-models.js";
import type { ToolModel } from "../model/tool-model.js";
import type { KnownFile } from "../write/known-files.js";
import { filePieces, type ReadFile } from "./generated-pieces.js";
import {
  type CheckedFileEntry,
  type CheckedWarning,
  type ProductsIndex,
  readIndex,
  type ToolEntry,
  writeIndex,
} from "./products-index.js";
import { validatorCacheRoot } from "./validator-cache.js";

/** The files whose tools' parts the store finds again: a tool's pieces in each, in the order its emitter documents. */
const TYPES = "types.ts";
const SPECS = "specs.ts";

/**
 * Each tool's parts of types.ts and specs.ts, and its fingerprints, for a run in a new process (`--watch` and the Vite
 * plugin keep them in memory instead, see GenerationCache): found in the files the last run generated, where an index
 * in the project's cache folder says they are, once each file's digest shows it is still what that run generated. A
 * tool is known by what its checked spec is made from: its spec file's digest, its place in that file and the digests
 * of the schema files its `$ref`s reached. A run that changed one tool of a thousand then emits one. A spec file read
 * as it was (its digest, and those of the schema files it reached) keeps the warnings it was checked with.
 */
export interface ProductsStore {
  /** What the last run found of the spec files, for the load stage (see deferredSpec). */
  readonly readBefore: ReadBefore;
  /** The spec files of `sources` the last run found right, with their warnings and tools (see checkSpecs). */
  knownChecks(sources: SourceSet): KnownChecks;
  /**
   * The memos of model and emit, holding what the store has of these tools; takes the spec files' warnings, kept for
   * the next run once this one is saved.
   */
  seed(
    checked: { readonly tools: readonly CheckedTool[]; readonly warnings: readonly FileProblem[] },
    sources: SourceSet,
  ): ModelMemo & EmitMemo;
  /** Takes where this run's tools' parts are in the files it emitted, so that the models need not be kept. */
  record(models: readonly ToolModel[], planned: readonly PlannedFile[]): void;
  /**
   * Writes the index of what `record` took, for `files` as the manifest hashed them (none when a file's text is not
   * the emitter's: formatted).
   */
  save(files: readonly { readonly path: string; readonly contents: string }[]): void;
  /** The text of the specs.ts the last run generated, where `seed` read it (its digest the index's); else undefined. */
  readonly readSpecsText: () => string | undefined;
}

/** The store of an output folder, its index beside the validators' cache; undefined where there is no cache folder. */
export function openProductsStore(cwd: string, outDir: string): ProductsStore | undefined {
  const root = validatorCacheRoot(cwd);
  if (root === undefined) return undefined;
  return productsStore(outDir, path.join(root, `products-${sha256Hex(path.resolve(outDir)).slice(0, 16)}.json`));
}

function productsStore(outDir: string, indexFile: string): ProductsStore {
  let read: ProductsIndex | undefined | null = null;
  const readOnce = (): ProductsIndex | undefined => {
    if (read === null) read = readIndex(indexFile, generatorDigest());
    return read;
  };
  const keys = new Map<ClientToolSpec, string>();
  /** This run's spec files, by each file's key. */
  const checkedNow = new Map<string, CheckedFileEntry>();
  /** The stamps of this run's spec files, and whether any was read to take its stamp. */
  const specFilesNow = new Map<string, KnownFile>();
  let specFilesRead = false;
  /** The key of a spec file that reaches no schema file, by its digest: load asks for it, then check. */
  const textKeys = new Map<string, string>();
  const textKey = (digest: string): string => {
    let key = textKeys.get(digest);
    if (key === undefined) {
      key = specFileKey(digest, new Map(), new Map());
      textKeys.set(digest, key);
    }
    return key;
  };
  // A file that reaches schema files is rare, and its key a hash of a few digests.
  const fileKey = (source: SpecSource, sources: SourceSet): string =>
    source.schemaFiles.size === 0
      ? textKey(source.document.digest)
      : specFileKey(source.document.digest, source.schemaFiles, sources.schemaDigests);
  /** A file the index holds as checked, with an entry for each of its tools; undefined otherwise. */
  const knownFile = (key: string): { file: CheckedFileEntry; tools: ToolEntry[] } | undefined => {
    const index = readOnce();
    const file = index?.checked.get(key);
    if (file === undefined) return undefined;
    const tools: ToolEntry[] = [];
    for (const pointer of file.tools) {
      const entry = index!.tools.get(`${key}${pointer}`);
      if (entry === undefined) return undefined;
      tools.push(entry);
    }
    return { file, tools };
  };
  /** What the index read holds: the files' digests, and by each tool's key whether it has its validator exports. */
  let previous:
    | {
        readonly digests: readonly (string | undefined)[];
        readonly tools: ReadonlyMap<string, boolean>;
        readonly checked: ReadonlySet<string>;
        readonly specFiles: number;
      }
    | undefined;
  /** Each tool's entry as JSON, by its key: a run of thousands of tools keeps no object per tool to the end. */
  let recorded: { planned: Map<string, PlannedFile>; tools: Map<string, string>; gained: boolean } | undefined;
  let specs: (() => ReadFile | undefined) | undefined;
  /** The digests of the tools' validator exports, as the index gave them and this run computed them. */
  const validatorExports = new WeakMap<ClientToolSpec, string>();
  return {
    readSpecsText: () => specs?.()?.text,
    readBefore: {
      knownText: (digest) => readOnce() !== undefined && knownFile(textKey(digest)) !== undefined,
      vouched(file) {
        const entry = readOnce()?.specFiles.get(file);
        const status = entry && statSync(file, { throwIfNoEntry: false });
        if (status === undefined || !sameStamp(entry!.stamp, status)) return undefined;
        specFilesNow.set(file, entry!);
        return entry!.digest;
      },
      record(file, stamp, digest) {
        specFilesNow.set(file, { stamp, digest });
        specFilesRead = true;
      },
    },
    knownChecks(sources) {
      return (source) => {
        const key = fileKey(source, sources);
        const checked = readOnce()?.checked.get(key);
        if (checked === undefined) return undefined;
        const file = source.document.displayPath;
        const warnings = checked.warnings.map(([pointer, message]) => ({ file, pointer, message }));
        const known = knownFile(key);
        if (known === undefined) return { warnings };
        return {
          warnings,
          tools: known.tools.map((entry, i) => ({
            head: entry.spec,
            source: { file, pointer: checked.tools[i]!, parametersKey: entry.parametersKey ?? "parameters" },
          })),
        };
      };
    },
    seed({ tools, warnings }, sources) {
      const memo: ModelMemo & EmitMemo = {
        models: new WeakMap(),
        typesPieces: new WeakMap(),
        specsPieces: new WeakMap(),
        validatorModules: new WeakMap(),
        validatorExports,
      };
      const sourceOf = new Map(sources.specs.map((source) => [source.document.displayPath, source]));
      const warned = new Map<string, CheckedWarning[]>();
      for (const { file, pointer, message } of warnings) {
        const found = warned.get(file) ?? [];
        found.push([pointer, message]);
        warned.set(file, found);
      }
      const pointers = new Map<string, string[]>();
      for (const tool of tools) {
        const found = pointers.get(tool.source.file) ?? [];
        found.push(tool.source.pointer);
        pointers.set(tool.source.file, found);
      }
      for (const source of sources.specs) {
        const file = source.document.displayPath;
        checkedNow.set(fileKey(source, sources), { warnings: warned.get(file) ?? [], tools: pointers.get(file) ?? [] });
      }
      for (const tool of tools) {
        const source = sourceOf.get(tool.source.file);
        if (source === undefined) continue;
        keys.set(tool.spec, `${fileKey(source, sources)}${tool.source.pointer}`);
      }
      // A first run, or one after the output was removed, has nothing to take.
      if (!existsSync(path.join(outDir, TYPES))) return memo;
      const index = readOnce();
      if (index === undefined) return memo;
      previous = {
        digests: [TYPES, SPECS].map((name) => index.files[name]?.digest),
        tools: new Map([...index.tools].map(([key, entry]) => [key, entry.validatorExports !== undefined])),
        checked: new Set(index.checked.keys()),
        specFiles: index.specFiles.size,
      };
      const types = filePieces(outDir, TYPES, index);
      specs = filePieces(outDir, SPECS, index);
      for (const tool of tools) {
        const entry = index.tools.get(keys.get(tool.spec) ?? "");
        if (entry === undefined) continue;
        const declarations = types()?.pieces(entry.pieces[TYPES]);
        const spec = specs()?.pieces(entry.pieces[SPECS]);
        if (declarations === undefined || declarations.length === 0 || spec?.length !== 2) continue;
        memo.models.set(tool, toolModel(tool, { ...entry, ownMcpArgKind: entry.ownMcpArgKind === true }));
        memo.typesPieces.set(tool.spec, { pieces: declarations.slice(0, -1), row: declarations.at(-1)! });
        memo.specsPieces.set(tool.spec, { compatible: entry.compatible, type: spec[0]!, value: spec[1]! });
        if (entry.validatorExports !== undefined) validatorExports.set(tool.spec, entry.validatorExports);
      }
      return memo;
    },
    record(models, planned) {
      // The specs it holds can then be collected while the files are hashed.
      const keyOf = new Map(keys);
      keys.clear();
      const emitted = new Map<string, PlannedFile>();
      for (const name of [TYPES, SPECS]) {
        const file = planned.find((p) => p.path === path.join(outDir, name));
        if (file?.pieces === undefined || file.toolPieces === undefined) return;
        emitted.set(name, file);
      }
      const tools = new Map<string, string>();
      let gained = false;
      for (const model of models) {
        const key = keyOf.get(model.spec);
        const inTypes = emitted.get(TYPES)!.toolPieces!.get(model.name);
        const inSpecs = emitted.get(SPECS)!.toolPieces!.get(model.name);
        if (key === undefined || inTypes === undefined || inSpecs === undefined) continue;
        const { compatible, ...fingerprints } = model.fingerprints;
        const exports = validatorExports.get(model.spec);
        if (exports !== undefined && previous?.tools.get(key) !== true) gained = true;
        const entry: ToolEntry = {
          spec: specHead(model.spec),
          ...(model.source.parametersKey === "inputSchema" && { parametersKey: "inputSchema" }),
          mode: model.mode,
          version: model.version,
          ...(model.ownMcpArgKind && { ownMcpArgKind: true }),
          fingerprints: fingerprints as ClientToolFingerprints,
          compatible: compatible?.join() ?? "",
          pieces: { [TYPES]: inTypes, [SPECS]: inSpecs },
          ...(exports !== undefined && { validatorExports: exports }),
        };
        tools.set(key, JSON.stringify(entry));
      }
      recorded = { planned: emitted, tools, gained };
    },
    save(files) {
      if (recorded === undefined) return;
      const described: Record<string, ProductsIndex["files"][string]> = {};
      for (const [name, emitted] of recorded.planned) {
        const written = files.find((file) => file.path === emitted.path);
        const digest = written && digestOf(written);
        if (written?.contents !== emitted.contents || digest === undefined) {
          forget(indexFile);
          return;
        }
        described[name] = { digest, lengths: emitted.pieces!.map((piece) => piece.length) };
      }
      const { tools, gained } = recorded;
      const same =
        previous !== undefined &&
        !gained &&
        [TYPES, SPECS].every((name, i) => described[name]?.digest === previous!.digests[i]) &&
        previous.tools.size === tools.size &&
        [...tools.keys()].every((key) => previous!.tools.has(key)) &&
        previous.checked.size === checkedNow.size &&
        [...checkedNow.keys()].every((key) => previous!.checked.has(key)) &&
        !specFilesRead &&
        previous.specFiles === specFilesNow.size;
      if (!same) writeIndex(indexFile, generatorDigest(), described, tools, checkedNow, specFilesNow);
    },
  };
}

/**
 * What a spec file's checks are made from: its text's digest and the digests of the schema files it reached. A tool's
 * key is its file's followed by its pointer there.
 */
function specFileKey(
  digest: string,
  schemaFiles: ReadonlyMap<string, unknown>,
  schemaDigests: ReadonlyMap<string, string>,
): string {
  const schemas = [...schemaFiles.keys()].sort().map((file) => [file, schemaDigests.get(file)]);
  return sha256Hex(JSON.stringify([digest, schemas]));
}

/** Formatted output is not the emitters' text: a later run need not read it to find that out. */
function forget(indexFile: string): void {
  try {
    rmSync(indexFile, { force: true });
  } catch {
    // Not ours to remove: the next run reads the files, finds other digests and emits every tool.
  }
}
