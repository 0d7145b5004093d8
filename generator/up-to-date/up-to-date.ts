import path from "node:path";
import { decodedTextDigest } from "../digest.js";
import { generatorDigest } from "../generator-digest.js";
import { listSpecFiles } from "../load/spec-files.js";
import { inputsDigest, outputsDigest } from "../manifest/inputs.js";
import { readManifest } from "../manifest/read-manifest.js";
import type { GenerateOptions } from "../options/generate-options.js";
import { outputShapingOptions } from "../options/resolve.js";
import { MANIFEST_FILE } from "../output-format/manifest.js";
import { readPlainFileStatus } from "../read-plain-file.js";
import { resolveOptions } from "../resolve-options.js";
import { listGeneratedFiles } from "../write/write-files.js";

/**
 * Whether the generated files are certainly what a run with these options would write, decided
 * from the manifest without generating: the same generator code, the same output-shaping
 * options, the same text in every spec and schema file, and the output folder's generated files
 * exactly as they were written (none edited, missing or added). False means "not known":
 * generate (or compare) to find out. When prettier formats the output it is always false: the
 * user's prettier (its version, its config and plugins) shapes the text, and only a run can
 * tell what it gives.
 */
export function generatedFilesUpToDate(given: GenerateOptions = {}): boolean {
  const options = resolveOptions(given);
  const outDir = options.out;
  const manifest = readManifest(outDir);
  if (manifest === undefined || manifest.generatorCode !== generatorDigest()) return false;
  if (options.prettier) return false;

  const listed = listSpecFiles(options.in, options.cwd);
  if (listed.diagnostics.length > 0) return false;
  const specFiles = readAll(listed.files);
  const schemaFiles = readAll(manifest.schemaFiles.map((f) => path.resolve(outDir, f)));
  if (specFiles === undefined || schemaFiles === undefined) return false;
  if (inputsDigest({ outDir, options: outputShapingOptions(options), specFiles, schemaFiles }) !== manifest.inputs)
    return false;
  const outputs = listGeneratedFiles(outDir).filter((f) => f.path !== path.join(outDir, MANIFEST_FILE));
  return outputsDigest(outDir, outputs) === manifest.outputs;
}

/** The digest of each file's text, or undefined when one cannot be read. */
function readAll(files: readonly string[]): Map<string, string> | undefined {
  const digests = new Map<string, string>();
  for (const file of files) {
    let read: ReturnType<typeof readPlainFileStatus>;
    try {
      read = readPlainFileStatus(file);
    } catch {
      return undefined;
    }
    if (read === undefined) return undefined;
    digests.set(file, decodedTextDigest(read.bytes));
  }
  return digests;
}
