import type { CheckMemo } from "../check/check-specs.js";
import type { EmitMemo } from "../emit/emitters.js";
import type { ValidatorCache } from "../emit/validators/validator-cache.js";
import type { LoadMemo } from "../load/sources.js";
import type { ManifestMemo } from "../manifest/inputs.js";
import type { ModelMemo } from "../model/build-models.js";
import type { VersionsMemo } from "../model/compatible-versions.js";
import type { WatchedChanges } from "../watch/watched-changes.js";

/**
 * What a run keeps for the next one in the same process (`--watch`, the Vite plugin): each stage's results, keyed by
 * what they are computed from, so that a run after one spec file changed parses, checks, models and emits that file's
 * tools and reuses every other's. Each stage defines and renews its own part: the maps by path or text are replaced
 * on each run, so what a run no longer reads is let go; the others are weak. Nothing kept depends on the options, so
 * one cache serves runs whose options change (a config file edited).
 */
export interface GenerationCache extends LoadMemo, CheckMemo, ModelMemo, VersionsMemo, EmitMemo, ManifestMemo {
  /** The validators' cache of each output folder, as opened (its file read) by an earlier run. */
  readonly validatorCaches: Map<string, ValidatorCache>;
}

/** `watched`: what the watcher that starts the runs saw between them (`--watch`). */
export function createGenerationCache(watched?: Pick<WatchedChanges, "take">): GenerationCache {
  return {
    ...(watched && { watched }),
    documents: new Map(),
    withoutFileRefs: new WeakSet(),
    checkedFiles: new Map(),
    models: new WeakMap(),
    typesPieces: new WeakMap(),
    specsPieces: new WeakMap(),
    validatorModules: new WeakMap(),
    pieceExports: new Map(),
    outputDigests: new Map(),
    validatorCaches: new Map(),
  };
}
