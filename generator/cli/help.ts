import { readFileSync } from "node:fs";

/** Written by the build beside this module: `--help` as yargs renders it (see yargs-cli.ts). */
export const HELP_FILE = "help.txt";

/** The text of `--help`, for the generate command or for init: the generate command's as the build rendered it, or rendered now where it was not. */
export async function helpText(topic: "generate" | "init"): Promise<string> {
  if (topic === "init") {
    return "Usage: gen-client-tools init\n\nCreate client-tools/ with an example tool, and gen-client-tools.config.json.\nRefuses to overwrite either when it exists.\n";
  }
  try {
    return readFileSync(new URL(HELP_FILE, import.meta.url), "utf8");
  } catch {
    return (await import("./yargs-cli.js")).renderHelp();
  }
}
