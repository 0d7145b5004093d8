import path from "node:path";
import type { KnownDigest } from "../emit/output-plan.js";
import { generatorDigest } from "../generator-digest.js";
import { MANIFEST_FILE, manifestText, parseManifest, sameGeneration } from "../output-format/manifest.js";
import { packageVersion } from "../package-root.js";
import { type DigestedInputs, type ManifestMemo, outputsDigest } from "./inputs.js";

/** `gen-client-tools <version>`, as the manifest names its generator. */
export function generatorId(): string {
  return `gen-client-tools ${packageVersion()}`;
}

/**
 * The manifest file for `outputs` (every generated file of the output folder), generated from
 * `inputs`. For `--check`, a manifest on disk that another generator wrote for the same
 * generation counts as this one.
 */
export function buildManifestFile(
  inputs: DigestedInputs,
  tools: readonly string[],
  versions: Readonly<Record<string, readonly string[]>>,
  outputs: readonly { readonly path: string; readonly contents: string; readonly pieces?: readonly string[] }[],
  memo?: ManifestMemo,
  known?: ReadonlyMap<string, KnownDigest>,
): { path: string; contents: string; sameAs: (existing: string) => boolean } {
  const manifest = {
    generator: generatorId(),
    generatorCode: generatorDigest(),
    options: inputs.options,
    inputs: inputs.digest,
    schemaFiles: inputs.schemaFiles,
    tools,
    versions,
    outputs: outputsDigest(inputs.outDir, outputs, memo, known),
  };
  return {
    path: path.join(inputs.outDir, MANIFEST_FILE),
    contents: manifestText(manifest),
    sameAs: (existing) => {
      const found = parseManifest(existing);
      return found !== undefined && sameGeneration(found, manifest);
    },
  };
}
