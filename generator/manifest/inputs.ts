import { relativePath } from "../relative-path.js";
import { namedTextsDigest } from "./digest.js";

/** What a generation's output depends on, besides the generator's version. */
export interface GenerationInputs {
  readonly outDir: string;
  /** The spec folders and files, as absolute paths. */
  readonly in: readonly string[];
  readonly validators: boolean;
  /** Whether prettier formatted the output. */
  readonly prettier: boolean;
  /** The text of every file read (the spec files and the files their `$ref`s reach), by absolute path. */
  readonly files: ReadonlyMap<string, string>;
}

/** Digest of the inputs, with every path relative to the output folder (so the same from any working folder). */
export function inputsDigest(inputs: GenerationInputs): string {
  const options = JSON.stringify({ in: inputs.in.map((p) => relativePath(inputs.outDir, p)), validators: inputs.validators, prettier: inputs.prettier });
  // No file is named "": the options cannot be mistaken for one.
  return namedTextsDigest([["", options], ...[...inputs.files].map(([file, text]) => [relativePath(inputs.outDir, file), text] as const)]);
}

/** Digest of generated files (path and text). */
export function outputsDigest(outDir: string, files: readonly { readonly path: string; readonly contents: string }[]): string {
  return namedTextsDigest(files.map((f) => [relativePath(outDir, f.path), f.contents] as const));
}

