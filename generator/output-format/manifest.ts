/**
 * `gen-client-tools.manifest.json`, written into the output folder with the generated files:
 * what they were generated from (the generator's version and a digest of the options and of
 * every file read) and a digest of what was generated. `--check` compares digests instead of
 * generating again when it can (see up-to-date.ts). Paths in it are relative to the output
 * folder, so it reads the same from any working folder.
 */
export const MANIFEST_FILE = "gen-client-tools.manifest.json";

export interface Manifest {
  /** `gen-client-tools <version>`, for the reader. */
  readonly generator: string;
  /** Digest of the generator's code (`generatorDigest`): other code may generate other text. */
  readonly generatorCode: string;
  /**
   * The options that shaped the output, as that run resolved them (`outputShapingOptions`): what a later run, `--check`
   * and `doctor` compare theirs with, and where they find `validators` when it is not given. Absent in manifests of
   * older generators.
   */
  readonly options?: RecordedOptions;
  /** Digest of the options that shape the output and of every input file (path and text). */
  readonly inputs: string;
  /** Files reached through file `$ref`s (the spec files are found again by listing the spec folders). */
  readonly schemaFiles: readonly string[];
  /** The tools generated, by name: the next run tells which were removed. Absent in manifests of older generators. */
  readonly tools?: readonly string[];
  /**
   * Each tool's version as a page's contract names it, then the earlier versions it lists as compatible (see
   * `ClientToolFingerprints.compatible`): what the next run proves a change against. Absent in older manifests.
   */
  readonly versions?: Readonly<Record<string, readonly string[]>>;
  /** Digest of every generated file in the output folder but this one (path and text). */
  readonly outputs: string;
}

/** Output-shaping options by name, each a string or a boolean. */
export type RecordedOptions = Readonly<Record<string, string | boolean>>;

/** The manifest's text: fixed key order, two-space indents, a final newline. */
export function manifestText(manifest: Manifest): string {
  const { generator, generatorCode, options, inputs, schemaFiles, tools, versions, outputs } = manifest;
  return `${JSON.stringify({ generator, generatorCode, options, inputs, schemaFiles, tools, versions, outputs }, null, 2)}\n`;
}

/**
 * Whether two manifests describe the same generation, whatever generator wrote them: an
 * upgrade that changes no generated file must not fail `--check` on the manifest alone.
 */
export function sameGeneration(a: Manifest, b: Manifest): boolean {
  return a.inputs === b.inputs && a.outputs === b.outputs && a.schemaFiles.join("\n") === b.schemaFiles.join("\n");
}

/**
 * The manifest in `text`, or undefined when it is not one this generator writes (those fields, nothing else; `tools` and
 * `options` may be absent).
 */
export function parseManifest(text: string): Manifest | undefined {
  // A run reads the previous manifest twice (options, then tools and versions), and `--watch` the one it wrote.
  if (text !== lastParsed?.text) lastParsed = { text, manifest: readManifestText(text) };
  return lastParsed.manifest;
}

let lastParsed: { readonly text: string; readonly manifest: Manifest | undefined } | undefined;

function readManifestText(text: string): Manifest | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { generator, generatorCode, options, inputs, schemaFiles, tools, versions, outputs } = value as Record<
    string,
    unknown
  >;
  if (
    typeof generator !== "string" ||
    typeof generatorCode !== "string" ||
    typeof inputs !== "string" ||
    typeof outputs !== "string"
  )
    return undefined;
  if (!isStringList(schemaFiles) || (tools !== undefined && !isStringList(tools))) return undefined;
  if (options !== undefined && !isRecordedOptions(options)) return undefined;
  if (versions !== undefined && !isVersions(versions)) return undefined;
  // Its layout may be prettier's: an edit that matters changes a digest, which --check sees.
  const optional = [tools, options, versions].filter((field) => field !== undefined).length;
  if (Object.keys(value).length !== 5 + optional) return undefined;
  return {
    generator,
    generatorCode,
    ...(options !== undefined && { options }),
    inputs,
    schemaFiles,
    ...(tools !== undefined && { tools }),
    ...(versions !== undefined && { versions }),
    outputs,
  };
}

function isVersions(value: unknown): value is Readonly<Record<string, readonly string[]>> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((list) => isStringList(list) && list.length > 0)
  );
}

function isRecordedOptions(value: unknown): value is RecordedOptions {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === "string" || typeof item === "boolean")
  );
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}
