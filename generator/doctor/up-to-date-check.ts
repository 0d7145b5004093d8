import { existsSync } from "node:fs";
import path from "node:path";
import { count } from "../count.js";
import type { GenerateOptions } from "../options/generate-options.js";
import { relativePath } from "../relative-path.js";
import { whatChanged } from "../up-to-date/what-changed.js";
import { type DoctorFinding, problem } from "./finding.js";

const CHECK = "generated code";

/** Whether the specs generate, and the generated files are what a run would write (as `gen-client-tools --check`). */
export async function checkUpToDate(options: GenerateOptions & { readonly cwd: string }): Promise<DoctorFinding[]> {
  const { generate } = await import("../generate.js");
  const { writeGenerated } = await import("../write-generated.js");
  const result = await generate(options);
  if (result.diagnostics.length > 0) {
    const first = result.diagnostics[0]!;
    return [
      problem(
        CHECK,
        `a run stops on ${count(result.diagnostics.length, "problem")}, the first in ${first.file}: ${first.message}`,
        "run gen-client-tools to see them all, and fix each",
      ),
    ];
  }
  const report = writeGenerated(result, { check: true });
  if (report.upToDate) return [];
  if (!existsSync(path.join(result.outDir, "index.ts"))) {
    return [
      problem(CHECK, `nothing is generated in ${relativePath(options.cwd, result.outDir)} yet`, "run gen-client-tools"),
    ];
  }
  const files = [...report.changed, ...report.stale].map((file) => relativePath(options.cwd, file));
  const listed = files.length <= 3 ? files.join(", ") : `${files.slice(0, 3).join(", ")} and ${files.length - 3} more`;
  return [
    problem(
      CHECK,
      `the generated files are out of date: ${whatChanged(result)} (${listed})`,
      "run gen-client-tools and commit the result",
    ),
  ];
}
