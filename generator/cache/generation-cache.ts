import type { ClientToolSpec } from "@gen-client-tools/runtime/core";
import type { CheckedFile, CheckedTool } from "../check/check-specs.js";
import type { ModuleExports } from "../emit/index-file.js";
import type { ReadFile } from "../load/read-json-file.js";
import type { ToolModel } from "../model/tool-model.js";

/** A tool's part of specs.ts, and the compatible versions it was written with. */
export interface SpecsPiece {
  readonly compatible: string;
  readonly type: string;
  readonly value: string;
}

/**
 * What a run keeps for the next one in the same process (`--watch`, the Vite plugin): each stage's results, keyed by
 * what they are computed from, so that a run after one spec file changed parses, checks, models and emits that file's
 * tools and reuses every other's. Nothing kept depends on the options, so one cache serves runs whose options change
 * (a config file edited). The maps by path are replaced by their stage on each run, so what a run no longer reads is
 * let go; the others are weak.
 */
export interface GenerationCache {
  /** load: every JSON file read, by absolute path; reused while its bytes are the same. */
  documents: ReadonlyMap<string, ReadFile>;
  /** check: each spec file's tools, problems and warnings, by absolute path, with what they were computed from. */
  checkedFiles: ReadonlyMap<string, CheckedFile>;
  /** model: each checked tool's model (before the checks across tools). */
  readonly models: WeakMap<CheckedTool, ToolModel>;
  /** emit: each tool's part of types.ts, by its checked spec, all it is built from. */
  readonly typesPieces: WeakMap<ClientToolSpec, readonly string[]>;
  /** emit: each tool's part of specs.ts, by its checked spec. */
  readonly specsPieces: WeakMap<ClientToolSpec, SpecsPiece>;
  /** emit: the names each piece of the indexed modules exports (for index.ts), by the piece's text. */
  pieceExports: ReadonlyMap<string, ModuleExports>;
}

export function createGenerationCache(): GenerationCache {
  return {
    documents: new Map(),
    checkedFiles: new Map(),
    models: new WeakMap(),
    typesPieces: new WeakMap(),
    specsPieces: new WeakMap(),
    pieceExports: new Map(),
  };
}
