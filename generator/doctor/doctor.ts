import path from "node:path";
import { loadConfig } from "../options/config-file.js";
import { relativePath } from "../relative-path.js";
import { resolveOptions } from "../resolve-options.js";
import { checkDependencies } from "./dependencies.js";
import { checkDuplicates } from "./duplicates.js";
import { type DoctorFinding, problem } from "./finding.js";
import { checkGeneratedImports } from "./generated-imports.js";
import { checkImportStyle } from "./import-style.js";
import { nearestManifest } from "./package-json.js";
import { checkPrettier } from "./prettier-check.js";
import { checkUpToDate } from "./up-to-date-check.js";
import { checkValidators } from "./validators-check.js";

/** What `gen-client-tools doctor` checks, in the order it reports them. */
export const DOCTOR_CHECKS = [
  "dependencies",
  "import style",
  "imports",
  "duplicate installs",
  "prettier",
  "validators",
  "generated code",
] as const;

/**
 * Checks the project at `cwd` as a newcomer's would be checked: where the two packages are
 * declared, the generated import style against the tsconfig, duplicate installs of `ai` and of
 * the runtime, the generated files against the project's prettier, the validators' imports, and
 * whether the generated code is up to date. Reads only: it writes nothing.
 */
export async function runDoctor(cwd: string, configFile?: string): Promise<DoctorFinding[]> {
  const config = loadConfig(configFile, cwd);
  if (config.diagnostics.length > 0) {
    const first = config.diagnostics[0]!;
    return [problem("config", `${first.file}: ${first.message}`, "fix gen-client-tools.config.json")];
  }
  const options = { ...config.options, cwd };
  const { out } = resolveOptions(options);
  const manifest = nearestManifest(cwd);
  return [
    ...(manifest === undefined
      ? [
          problem(
            "dependencies",
            `no package.json at ${relativePath(cwd, cwd) || "."} or above`,
            "npm init -y, then npm install @gen-client-tools/runtime and npm install --save-dev gen-client-tools",
          ),
        ]
      : checkDependencies(manifest, cwd)),
    ...checkImportStyle(out, cwd),
    ...checkGeneratedImports(out, cwd),
    ...checkDuplicates(manifest === undefined ? cwd : path.dirname(manifest.file), cwd),
    ...(await checkPrettier(out, cwd)),
    ...checkValidators(out, cwd),
    ...(await checkUpToDate(options)),
  ];
}

/** The findings as the command prints them: each with its fix, then a line that sums them up. */
export function formatFindings(findings: readonly DoctorFinding[]): string {
  const lines = findings.map(
    (finding) =>
      `${finding.severity === "problem" ? "✗" : "!"} ${finding.check}: ${finding.message}\n    fix: ${finding.fix}`,
  );
  const problems = findings.filter((finding) => finding.severity === "problem").length;
  const warnings = findings.length - problems;
  const summary =
    findings.length === 0
      ? `gen-client-tools doctor: no problems (checked ${DOCTOR_CHECKS.join(", ")})`
      : `gen-client-tools doctor: ${problems} problem${problems === 1 ? "" : "s"}, ` +
        `${warnings} warning${warnings === 1 ? "" : "s"}`;
  return `${[...lines, summary].join("\n")}\n`;
}
