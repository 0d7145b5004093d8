import { readFileSync } from "node:fs";
import path from "node:path";
import { codeRoot } from "../package-root.js";

/** Written by the build into dist/generator/cli/: `--help` as yargs renders it (see yargs-cli.ts). */
export const HELP_FILE = "help.txt";

/**
 * The text of `--help`, for the generate command, init or doctor: the generate command's as the build rendered it, or
 * rendered now where it was not.
 */
export async function helpText(topic: "generate" | "init" | "doctor" | "diff"): Promise<string> {
  if (topic === "init") {
    return (
      "Usage: gen-client-tools init [--example walkthrough]\n\nCreate client-tools/ with an example tool, and " +
      "gen-client-tools.config.json.\n--example walkthrough writes the walkthrough app instead (specs, server, page, " +
      "build script)\nand a dev script in package.json. Refuses to overwrite any file that exists.\n"
    );
  }
  if (topic === "diff") {
    return [
      "Usage: gen-client-tools diff <old> [<new>] [--json] [--verbose] [--fail-on breaking] [--allow <tool>]...",
      "                             [--config <file>]",
      "",
      "Compare two spec sets tool by tool: added, removed, a mode changed, and for the parameters and",
      "the answer's schema whether every value of the old version is valid under the new and every",
      "value of the new under the old (proved; refused, naming the keyword, its place and an example",
      'value; or unknown and why). A change that holds both ways is "changed, compatible both ways".',
      "<old> and <new> are folders or files, or git:<ref> for the configured spec folders at a",
      "revision; <new> defaults to the configured spec folders.",
      "",
      "  --json               print the comparison as JSON",
      "  --verbose            list the unchanged tools too (by default counted in one line)",
      "  --fail-on breaking   exit 1 when a tool's change breaks a rolling deploy",
      "  --allow <tool>       accept that tool's breaking change (repeatable)",
      "  --config <file>      the config file (default gen-client-tools.config.json)",
      "",
    ].join("\n");
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
