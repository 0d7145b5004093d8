import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { DEFAULT_IN, DEFAULT_OUT } from "../defaults.js";
import { prettierApplies } from "../format/prettier.js";
import type { GenerateOptions } from "../generate.js";
import { listSpecFiles } from "../load/spec-files.js";
import { listGeneratedFiles } from "../write/write-files.js";
import { generatorId } from "./build-manifest.js";
import { inputsDigest, outputsDigest } from "./inputs.js";
import { MANIFEST_FILE, parseManifest } from "./manifest.js";

/**
 * Whether the generated files are certainly what a run with these options would write, decided
 * from the manifest without generating: same generator, same options, the same text in every
 * spec and schema file, and the output folder's generated files exactly as they were written
 * (none edited, missing or added). False means "not known": generate (or compare) to find out.
 * When prettier formats the output it is always false: the user's prettier (its version, its
 * config and plugins) shapes the text, and only a run can tell what it gives.
 */
export function generatedFilesUpToDate(options: GenerateOptions = {}): boolean {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const outDir = path.resolve(cwd, options.out ?? DEFAULT_OUT);
  const manifest = parseManifest(readPlainFile(path.join(outDir, MANIFEST_FILE)) ?? "");
  if (manifest === undefined || manifest.generator !== generatorId()) return false;
  if (prettierApplies(options.prettier, outDir)) return false;

  const inputs = options.in ?? [DEFAULT_IN];
  const listed = listSpecFiles(inputs, cwd);
  if (listed.diagnostics.length > 0) return false;
  const files = new Map<string, string>();
  for (const file of [...listed.files, ...manifest.schemaFiles.map((f) => path.resolve(outDir, f))]) {
    const text = readPlainFile(file);
    if (text === undefined) return false;
    files.set(file, text);
  }
  const digest = inputsDigest({ outDir, in: inputs.map((p) => path.resolve(cwd, p)), validators: options.validators === true, prettier: false, files });
  if (digest !== manifest.inputs) return false;
  const outputs = listGeneratedFiles(outDir).filter((f) => f.path !== path.join(outDir, MANIFEST_FILE));
  return outputsDigest(outDir, outputs) === manifest.outputs;
}

/** The text of a plain file (never a pipe or a device, which could block), or undefined. */
function readPlainFile(file: string): string | undefined {
  try {
    return statSync(file).isFile() ? readFileSync(file, "utf8") : undefined;
  } catch {
    return undefined;
  }
}
