import type { GenerateResult } from "./generate-result.js";
import type { GenerateOptions } from "./options/generate-options.js";
import { runGeneration } from "./run-generation.js";

export type { GeneratedFile, GenerateResult } from "./generate-result.js";

/**
 * Reads the spec files, checks them and emits the generated files; writes nothing (see `writeGenerated`). Problems
 * in the input come back as diagnostics, with nothing generated.
 */
export function generate(given: GenerateOptions = {}): Promise<GenerateResult> {
  return runGeneration(given);
}
