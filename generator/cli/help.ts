import { readFileSync } from "node:fs";
import path from "node:path";
import { codeRoot } from "../package-root.js";

/** Written by the build into dist/generator/cli/: `--help` as yargs renders it (see yargs-cli.ts). */
export const HELP_FILE = "help.txt";

/** The text of `--help`, for the generate command, init or doctor: the generate command's as the build rendered it, or rendered now where it was not. */
export async function helpText(topic: "generate" | "init" | "doctor"): Promise<string> {
  if (topic === "init") {
    return "Usage: gen-client-tools init\n\nCreate client-tools/ with an example tool, and gen-client-tools.config.json.\nRefuses to overwrite either when it exists.\n";
  }
  if (topic === "doctor") {
    return [
      "Usage: gen-client-tools doctor [--config <file>]",
      "",
      "Check the project: the runtime package in dependencies and the CLI in devDependencies,",
      "the generated import style against the tsconfig, duplicate installs of ai or of the runtime,",
      "the generated files against the project's prettier, the validators' imports, and whether",
      "the generated code is up to date. Prints each finding with its fix; exits 1 on a problem.",
      "",
    ].join("\n");
  }
  try {
    return readFileSync(path.join(codeRoot(), "generator", "cli", HELP_FILE), "utf8");
  } catch {
    return (await import("./yargs-cli.js")).renderHelp();
  }
}
