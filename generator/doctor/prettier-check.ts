import { GenerateError } from "../diagnostics.js";
import { loadFormatter } from "../format/prettier.js";
import { prettierApplies } from "../load/prettier-config.js";
import { relativePath } from "../relative-path.js";
import { listGeneratedFiles } from "../write/write-files.js";
import { type DoctorFinding, problem } from "./finding.js";

const CHECK = "prettier";

/**
 * Where the project configures prettier: whether the generated modules are as its prettier
 * formats them, so that `prettier --check .` passes (they are not when they were generated with
 * `"prettier": false`, or before the config was added).
 */
export async function checkPrettier(outDir: string, cwd: string): Promise<DoctorFinding[]> {
  if (!prettierApplies("auto", outDir)) return [];
  const files = listGeneratedFiles(outDir).filter((file) => file.path.endsWith(".ts"));
  if (files.length === 0) return [];
  let formatted: { path: string; contents: string }[];
  try {
    formatted = await (await loadFormatter(outDir, cwd)).format(files);
  } catch (error) {
    const reason = error instanceof GenerateError ? error.diagnostics.map((d) => d.message).join("; ") : String(error);
    return [
      problem(
        CHECK,
        `the project's prettier cannot format the generated files: ${reason}`,
        "fix the prettier config (a plugin that is not installed, say)",
      ),
    ];
  }
  const unformatted = files
    .filter((file, i) => formatted[i]!.contents !== file.contents)
    .map((file) => relativePath(cwd, file.path));
  if (unformatted.length === 0) return [];
  const listed =
    unformatted.length <= 3
      ? unformatted.join(", ")
      : `${unformatted.slice(0, 3).join(", ")} and ${unformatted.length - 3} more`;
  return [
    problem(
      CHECK,
      `${listed} ${unformatted.length === 1 ? "is" : "are"} not as the project's prettier ` +
        `formats ${unformatted.length === 1 ? "it" : "them"}: prettier --check fails`,
      'run gen-client-tools with "prettier" on "auto" (the default), which formats them with your config',
    ),
  ];
}
