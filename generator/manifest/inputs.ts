import { deferredDigestOf } from "../deferred-contents.js";
import { namedDigestsDigest, textDigest } from "../digest.js";
import type { KnownDigest } from "../emit/output-plan.js";
import type { RecordedOptions } from "../output-format/manifest.js";
import { relativePath, relativePathsFrom } from "../relative-path.js";
import { rememberDigest } from "./file-digests.js";
import { type PiecesDigest, piecesDigest } from "./pieces-digest.js";

/** What a generation's output depends on, besides the generator's code. */
export interface GenerationInputs {
  readonly outDir: string;
  /** The options that shape the output (`outputShapingOptions`). */
  readonly options: RecordedOptions;
  /** The textDigest of every spec file, by absolute path. */
  readonly specFiles: ReadonlyMap<string, string>;
  /** The textDigest of every file a `$ref` reached, by absolute path. */
  readonly schemaFiles: ReadonlyMap<string, string>;
}

/**
 * Digest of the inputs: the set of spec files and the set of schema files, each file by its
 * path relative to the output folder (so the same from any working folder) and its text's digest, and
 * the output-shaping options. Not the `--in` arguments: `--in tools` and `--in tools/b.json
 * tools/a.json` read the same files.
 */
export function inputsDigest(inputs: GenerationInputs): string {
  const name = relativePathsFrom(inputs.outDir);
  const named = (role: string, files: ReadonlyMap<string, string>) =>
    [...files].map(([file, digest]) => [`${role} ${name(file)}`, digest] as const);
  // Every file's name starts with its role: the options, named "", cannot be mistaken for one.
  return namedDigestsDigest([
    ["", textDigest(JSON.stringify(inputs.options))],
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

/**
 * What the manifest keeps for the next run in the process (see GenerationCache): each file's digest, part way for a
 * file in pieces; a file whose text is the same string as last time is not hashed again.
 */
export interface ManifestMemo {
  outputDigests: ReadonlyMap<string, PiecesDigest>;
}

/**
 * Digest of generated files (path and text). `known`: digests the emitters had, by path, taken for a file whose text is
 * still theirs (not formatted since).
 */
export function outputsDigest(
  outDir: string,
  files: readonly { readonly path: string; readonly contents: string; readonly pieces?: readonly string[] }[],
  memo?: ManifestMemo,
  known?: ReadonlyMap<string, KnownDigest>,
): string {
  const kept = new Map<string, PiecesDigest>();
  // A thousand validator modules share one folder: its relative path is worked out once.
  const name = relativePathsFrom(outDir);
  const named = files.map((file) => {
    // A deferred file's digest is known without reading its text.
    let digest = deferredDigestOf(file);
    if (digest === undefined) {
      const given = known?.get(file.path);
      if (given !== undefined && given.contents === file.contents) digest = given.digest;
      else if (file.pieces === undefined && memo === undefined) digest = textDigest(file.contents);
      else {
        const pieced = piecesDigest(file.pieces ?? [file.contents], memo?.outputDigests.get(file.path));
        kept.set(file.path, pieced);
        digest = pieced.digest;
      }
    }
    rememberDigest(file, digest);
    return [name(file.path), digest] as const;
  });
  if (memo !== undefined) memo.outputDigests = kept;
  return namedDigestsDigest(named);
}
