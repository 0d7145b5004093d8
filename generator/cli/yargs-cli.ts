import type { Argv } from "yargs";
import yargs from "yargs";
import { environmentVariable, GENERATE_OPTIONS, type OptionSpec, RUN_OPTIONS } from "../options/table.js";

const SCRIPT = "gen-client-tools";

/**
 * The command line as yargs describes it, from the options table: it renders `--help` (at
 * build time, see help.ts), the usage shown with a usage error, and `completion`. Loaded only
 * for those; a run reads its arguments with yargs-parser alone (arguments.ts).
 */
function describeCommandLine(argv: readonly string[]): Argv {
  let cli = yargs([...argv])
    .scriptName(SCRIPT)
    .usage(
      `Usage: $0 [command] [options]\n\nGenerate typed TypeScript ` +
        `bindings from a folder of client-tool specs (JSON Schema).`,
    )
    .command("init", "create client-tools/ with an example tool, and gen-client-tools.config.json")
    .command("doctor", "check the project's setup, printing each problem with its fix")
    .command(
      "diff <old> [new]",
      "compare two spec sets (folders, files or git:<ref>) and say what breaks a rolling deploy",
    )
    .completion("completion", "print a shell completion script: gen-client-tools completion >> ~/.bashrc");
  for (const spec of Object.values<OptionSpec>({ ...GENERATE_OPTIONS, ...RUN_OPTIONS })) {
    cli = cli.option(spec.flag, {
      type:
        spec.kind === "paths"
          ? "array"
          : spec.kind === "boolean" || spec.kind === "boolean-or-auto"
            ? "boolean"
            : "string",
      describe: `${spec.describe} [env ${environmentVariable(spec)}]`,
      ...(spec.short !== undefined && { alias: spec.short }),
      ...(spec.value !== undefined && { requiresArg: true }),
      ...(spec.default !== false && {
        defaultDescription: Array.isArray(spec.default) ? spec.default.join(" ") : String(spec.default),
      }),
    });
  }
  return cli
    .example("$0", "generate from client-tools/ into src/client-tools.gen/")
    .example("$0 --watch", "the same, and again on every save")
    .example("$0 --in specs --out src/gen --check", "fail CI when the generated files are stale")
    .example("$0 --no-validators", "a run without the validators that the config file asks for")
    .example("$0 init", "start a project: an example tool and a config file")
    .example("$0 doctor", "check dependencies, import style, duplicate installs, prettier and staleness")
    .example(
      "$0 diff git:main --fail-on breaking",
      "fail a pull request whose spec changes break pages or calls still on main's",
    )
    .epilogue(
      "Every boolean option has its --no- form. Exit codes: 0 done, 1 problems " +
        "in the specs or a failed --check, 2 usage error, 70 internal error.",
    )
    .help("help")
    .alias("help", "h")
    .version(false)
    .exitProcess(false);
}

/** The text of `--help`, as yargs renders it at 80 columns (the build writes it beside help.js). */
export async function renderHelp(): Promise<string> {
  return `${await describeCommandLine([]).wrap(80).getHelp()}\n`;
}

/** The usage line and what follows it, for a usage error. */
export async function usageText(): Promise<string> {
  return (
    `${(await describeCommandLine([]).getHelp()).split("\n\n")[0]}\nRun ` + `gen-client-tools --help for the options.\n`
  );
}

/**
 * `completion` prints the shell script; the shell's `--get-yargs-completions` questions get their answers. Both on
 * stdout.
 */
export async function completion(argv: readonly string[]): Promise<void> {
  const cli = describeCommandLine(argv);
  if (argv[0] === "completion") cli.showCompletionScript();
  else await cli.parseAsync();
}
