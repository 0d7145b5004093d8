import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { relativePath } from "../relative-path.js";
import { type DoctorFinding, problem } from "./finding.js";

const CHECK = "validators";

/**
 * Where `--validators` output exists: whether what it imports resolves from the output folder,
 * as Node and bundlers resolve it (the runtime's `/validators` entry, and its ajv from the
 * runtime package itself, which pnpm's strict layout allows only there).
 */
export function checkValidators(outDir: string, cwd: string): DoctorFinding[] {
  const folder = path.join(outDir, "validators");
  if (!existsSync(path.join(folder, "index.ts"))) return [];
  const require = createRequire(path.join(folder, "index.js"));
  let entry: string;
  try {
    entry = require.resolve("@gen-client-tools/runtime/validators");
  } catch {
    return [
      problem(
        CHECK,
        `${relativePath(cwd, folder)} imports @gen-client-tools/runtime/validators, which does not resolve from there`,
        "npm install @gen-client-tools/runtime (in the package that holds the generated code)",
      ),
    ];
  }
  try {
    createRequire(entry).resolve("ajv/dist/runtime/equal");
  } catch {
    return [
      problem(
        CHECK,
        `the validators' ajv does not resolve from ${relativePath(cwd, entry)}`,
        "reinstall @gen-client-tools/runtime (its dependencies are missing)",
      ),
    ];
  }
  return [];
}
