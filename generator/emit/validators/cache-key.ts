import { createRequire } from "node:module";
import { sha256Hex } from "@gen-client-tools/runtime/core";
import { generatorDigest } from "../../generator-digest.js";
import type { ToolValidatorExport } from "./tool-exports.js";

const require = createRequire(import.meta.url);
let toolchain: string | undefined;

/**
 * What a tool's validator module is made from: the exports the compiler is given (their digest, see
 * validatorExportsDigest), the ajv and ajv-formats versions, and the text of the files that turn them into the module
 * (so a change to the emitter invalidates the cache by itself, with no version number to remember to bump).
 */
export function validatorCacheKey(exportsDigest: string): string {
  return sha256Hex(`${toolchainId()}:${exportsDigest}`);
}

/**
 * The digest of the exports the compiler is given: names, types, docs and every schema, a private input's included.
 * Keyed on the compiler's very input, so that no part of it can change without a new key. The schemas go in as
 * written, not as their fingerprints: fingerprints ignore key order, but ajv checks properties in key order, so two
 * schemas with one fingerprint can give two modules.
 */
export function validatorExportsDigest(exports: readonly ToolValidatorExport[]): string {
  return sha256Hex(JSON.stringify(exports));
}

function toolchainId(): string {
  if (toolchain === undefined) {
    // The digest of the generator's code (the emitter's files among them), precomputed by the build.
    const versions = ["ajv", "ajv-formats"].map(
      (name) => (require(`${name}/package.json`) as { version: string }).version,
    );
    toolchain = sha256Hex(JSON.stringify([versions, generatorDigest()]));
  }
  return toolchain;
}
