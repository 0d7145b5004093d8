import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { projectImportExtension } from "../load/tsconfig-style.js";
import type { ImportExtension } from "../options/import-style.js";
import { relativePath } from "../relative-path.js";
import { type DoctorFinding, problem } from "./finding.js";

const CHECK = "import style";

const NAMES: Readonly<Record<ImportExtension, string>> = {
  ".js": '"./types.js"',
  ".ts": '"./types.ts"',
  "": '"./types"',
};
const WHY: Readonly<Record<ImportExtension, string>> = {
  ".js": "its module resolution (NodeNext, Node16, or none) needs the .js of each relative import",
  ".ts": "it allows importing .ts extensions",
  "": 'its module resolution ("bundler", as Next.js and Vite set it, or the older "node") resolves relative imports without .js',
};

/**
 * How the generated modules name each other against what the project's tsconfig expects: code
 * written for another style does not compile (TS2835 under NodeNext) or does not bundle
 * (Turbopack cannot resolve `./handlers.js`).
 */
export function checkImportStyle(outDir: string, cwd: string): DoctorFinding[] {
  const index = path.join(outDir, "index.ts");
  if (!existsSync(index)) return [];
  const written = writtenImportExtension(readFileSync(index, "utf8"));
  if (written === undefined) return [];
  const expected = projectImportExtension(outDir);
  if (written === expected) return [];
  return [
    problem(
      CHECK,
      `${relativePath(cwd, index)} imports ${NAMES[written]}, and the ` +
        `project's tsconfig expects ${NAMES[expected]}: ${WHY[expected]}`,
      'set "importExtension": "auto" (the default) in gen-client-tools.config.json, or remove it, and run gen-client-tools',
    ),
  ];
}

/** The extension of the first relative import of a generated module. */
function writtenImportExtension(text: string): ImportExtension | undefined {
  const specifier = /\bfrom\s+["'](\.\/[^"']+)["']/.exec(text)?.[1];
  if (specifier === undefined) return undefined;
  return specifier.endsWith(".js") ? ".js" : specifier.endsWith(".ts") ? ".ts" : "";
}
