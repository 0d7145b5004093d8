import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { namedTextsDigest } from "./digest.js";
import { codeRoot, moduleExtension, packageRoot } from "./package-root.js";

/** Written by the build beside dist/generator/: the digest, so that a run need not read the code. */
export const GENERATOR_DIGEST_FILE = "generator-digest.json";

let cached: string | undefined;

/**
 * A digest of the code that turns specs into output (the generator's and the runtime's modules,
 * and the templates), so that a manifest written by other code sends `--check` to generate and
 * compare. Precomputed by the build; computed from the files where it was not (the sources,
 * under test).
 */
export function generatorDigest(): string {
  if (cached === undefined) {
    try {
      cached = (
        JSON.parse(readFileSync(path.join(codeRoot(), "generator", GENERATOR_DIGEST_FILE), "utf8")) as {
          digest: string;
        }
      ).digest;
    } catch {
      cached = computeGeneratorDigest();
    }
  }
  return cached;
}

/** The digest from the files themselves: every module under generator/ and runtime/ but tests, and templates/. */
export function computeGeneratorDigest(): string {
  const root = codeRoot();
  const extension = moduleExtension();
  const entries: [string, string][] = [];
  for (const folder of ["generator", "runtime"]) {
    for (const entry of readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })) {
      if (
        !entry.endsWith(extension) ||
        entry.endsWith(`.d${extension}`) ||
        /\.test(-d)?\.|__fixtures__|^(fidelity|fuzz|hostile)[\\/]/.test(entry)
      )
        continue;
      entries.push([`${folder}/${entry}`, readFileSync(path.join(root, folder, entry), "utf8")]);
    }
  }
  const templates = path.join(packageRoot(), "templates");
  for (const entry of readdirSync(templates))
    entries.push([`templates/${entry}`, readFileSync(path.join(templates, entry), "utf8")]);
  return namedTextsDigest(entries);
}
