import { namedTextsDigest } from "../digest.js";
import type { RecordedOptions } from "../output-format/manifest.js";
import { relativePath } from "../relative-path.js";

/** What a generation's output depends on, besides the generator's code. */
export interface GenerationInputs {
  readonly outDir: string;
  /** The options that shape the output (`outputShapingOptions`). */
  readonly options: RecordedOptions;
  /** The text of every spec file, by absolute path. */
  readonly specFiles: ReadonlyMap<string, string>;
  /** The text of every file a `$ref` reached, by absolute path. */
  readonly schemaFiles: ReadonlyMap<string, string>;
}

/**
 * Digest of the inputs: the set of spec files and the set of schema files, each file by its
 * path relative to the output folder (so the same from any working folder) and its text, and
 * the output-shaping options. Not the `--in` arguments: `--in tools` and `--in tools/b.json
 * tools/a.json` read the same files.
 */
export function inputsDigest(inputs: GenerationInputs): string {
  const named = (role: string, files: ReadonlyMap<string, string>) =>
    [...files].map(([file, text]) => [`${role} ${relativePath(inputs.outDir, file)}`, text] as const);
  // Every file's name starts with its role: the options, named "", cannot be mistaken for one.
  return namedTextsDigest([
    ["", JSON.stringify(inputs.options)],
    ...named("spec", inputs.specFiles),
    ...named("schema", inputs.schemaFiles),
  ]);
}

/**
 * What the manifest keeps of a generation's inputs: the output-shaping options, their digest, and the schema files (relative to the output folder,
 * sorted).
 */
export interface DigestedInputs {
  readonly outDir: string;
  readonly options: RecordedOptions;
  readonly digest: string;
  readonly schemaFiles: readonly string[];
}

/**
 * The inputs as the manifest keeps them: taken as soon as load has read them, so that their text need not stay in
 * memory.
 */
export function digestInputs(inputs: GenerationInputs): DigestedInputs {
  const schemaFiles = [...inputs.schemaFiles.keys()].map((file) => relativePath(inputs.outDir, file)).sort();
  return { outDir: inputs.outDir, options: inputs.options, digest: inputsDigest(inputs), schemaFiles };
}

/** Digest of generated files (path and text). */
export function outputsDigest(
  outDir: string,
  files: readonly { readonly path: string; readonly contents: string; readonly pieces?: readonly string[] }[],
): string {
  return namedTextsDigest(files.map((f) => [relativePath(outDir, f.path), f.contents, f.pieces] as const));
}
