import path from "node:path";
import type { GenerateResult } from "../generate.js";
import { readManifest } from "../manifest/read-manifest.js";
import { MANIFEST_FILE, type Manifest, parseManifest } from "../output-format/manifest.js";

/** Where each output-shaping option's value comes from, when it is not given. */
const SOURCE: Readonly<Record<string, string>> = {
  importExtension: "the tsconfig's module resolution, or the importExtension option",
  prettier: "whether the project has a prettier config, or the prettier option",
  validators: "--validators / --no-validators, or the config file",
};

/**
 * Why the generated files of `result`'s output folder are not what `result` would write, from the manifest on disk and
 * the one `result` carries: the options (each named, with where it comes from), the specs, the generator, the prettier
 * that formats them, or the files themselves edited.
 */
export function whatChanged(result: GenerateResult): string {
  const before = readManifest(result.outDir);
  const fresh = result.files.find((file) => file.path === path.join(result.outDir, MANIFEST_FILE));
  const now = fresh === undefined ? undefined : parseManifest(fresh.contents);
  if (before === undefined || now === undefined) return "the output folder has no manifest to compare with";
  const options = changedOptions(before, now);
  if (options.length > 0) return `the options changed: ${options.join("; ")}`;
  if (before.inputs !== now.inputs)
    return before.options === undefined ? "the specs or the options changed" : "the specs changed";
  if (before.outputs !== now.outputs) {
    if (before.generatorCode !== now.generatorCode)
      return `the generator changed (${before.generator} wrote them; this is ${now.generator})`;
    if (result.formattedWith !== undefined)
      return "the prettier that formats them changed (its version, config or plugins)";
  }
  return "generated files were edited, removed or added by hand";
}

function changedOptions(before: Manifest, now: Manifest): string[] {
  if (before.options === undefined || now.options === undefined) return [];
  const names = [...new Set([...Object.keys(before.options), ...Object.keys(now.options)])].sort();
  return names
    .filter((name) => before.options![name] !== now.options![name])
    .map((name) => {
      const from = SOURCE[name] === undefined ? "" : ` (from ${SOURCE[name]})`;
      return `${name} was ${JSON.stringify(before.options![name])}, now ${JSON.stringify(now.options![name])}${from}`;
    });
}
