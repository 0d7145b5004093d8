import path from "node:path";
import { packageVersion } from "../package-root.js";
import { relativePath } from "../relative-path.js";
import { inputsDigest, outputsDigest, type GenerationInputs } from "./inputs.js";
import { MANIFEST_FILE, manifestText } from "./manifest.js";

/** `gen-client-tools <version>`, as the manifest names its generator. */
export function generatorId(): string {
  return `gen-client-tools ${packageVersion()}`;
}

/** The manifest file for `outputs` (every generated file of the output folder), generated from `inputs`. */
export function buildManifestFile(
  inputs: GenerationInputs & { readonly schemaFiles: Iterable<string> },
  outputs: readonly { readonly path: string; readonly contents: string }[],
): { path: string; contents: string } {
  return {
    path: path.join(inputs.outDir, MANIFEST_FILE),
    contents: manifestText({
      generator: generatorId(),
      inputs: inputsDigest(inputs),
      schemaFiles: [...inputs.schemaFiles].map((file) => relativePath(inputs.outDir, file)).sort(),
      outputs: outputsDigest(inputs.outDir, outputs),
    }),
  };
}
