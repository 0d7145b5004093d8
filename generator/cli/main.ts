import path from "node:path";
import yargs, { type Argv } from "yargs";
import { hideBin } from "yargs/helpers";
import { packageVersion } from "../package-root.js";
import { CONFIG_FILE } from "./config.js";
import { reportCrash, reportProblems, reportWritten } from "./report.js";

const generateOptions = (args: Argv) =>
  args
    .option("in", { type: "string", array: true, describe: "spec folders or files (default: client-tools)" })
    .option("out", { type: "string", describe: "output folder (default: src/client-tools.gen)" })
    .option("stubs", { type: "string", describe: "your handlers file: created once, then new tools get stubs (default: src/client-tool-handlers.ts)" })
    .option("no-stubs", { type: "boolean", describe: "do not create or update the handlers file" })
    .option("validators", { type: "boolean", describe: "also write standalone ajv validators to <out>/validators/ (they import ajv and ajv-formats at run time)" })
    .option("check", { type: "boolean", describe: "write nothing; exit 1 if any generated file would change (for CI)" })
    .option("watch", { type: "boolean", alias: "w", describe: "generate, then again whenever a spec file changes (Ctrl-C to stop)" })
    .option("config", { type: "string", describe: `config file (default: ${CONFIG_FILE} when present)` })
    .option("quiet", { type: "boolean", default: false, alias: "q", describe: "print errors only" })
    // Neither has a default: yargs counts a default as given.
    .conflicts("watch", "check");

type GenerateArgs = Awaited<ReturnType<typeof generateOptions>["argv"]>;

/** The command line: a thin layer over `generate` and `writeGenerated`, which load only after parsing. */
export async function main(argv: readonly string[] = hideBin(process.argv)): Promise<number> {
  let exitCode = 0;
  await yargs([...argv])
    .scriptName("gen-client-tools")
    .command("$0", "Generate typed TypeScript bindings from a folder of client-tool specs (JSON Schema).", generateOptions, async (args) => {
      exitCode = await generateCommand(args);
    })
    .command("init", `Create client-tools/ with an example tool, and ${CONFIG_FILE}`, {}, async () => {
      exitCode = (await import("./init.js")).initCommand(process.cwd());
    })
    .example("$0", "generate from client-tools/ into src/client-tools.gen/")
    .example("$0 --watch", "the same, and again on every save")
    .example("$0 --in specs --out src/gen --check", "fail CI when the generated files are stale")
    .example("$0 --validators", "also generate precompiled validators for the client tool runner and the broker")
    .example("$0 init", "start a project: an example tool and a config file")
    .strict()
    .version(packageVersion())
    .help()
    .alias("h", "help")
    .parserConfiguration({ "boolean-negation": false })
    .fail((message, error) => {
      throw error ?? new UsageError(message);
    })
    .parse();
  return exitCode;
}

async function generateCommand(args: GenerateArgs): Promise<number> {
  const started = performance.now();
  const cwd = process.cwd();
  const { loadConfig } = await import("./config.js");
  const config = loadConfig(args.config, cwd);
  if (config.diagnostics.length > 0) return reportProblems(config.diagnostics);
  const options = {
    ...config.options,
    cwd,
    ...(args.in !== undefined && { in: args.in }),
    ...(args.out !== undefined && { out: args.out }),
    ...(args.stubs !== undefined && { stubs: args.stubs }),
    ...(args["no-stubs"] === true && { stubs: false as const }),
    ...(args.validators !== undefined && { validators: args.validators }),
  };
  if (args.watch === true) return (await import("./watch.js")).watchCommand(options, args.quiet);

  const { generate } = await import("../generate.js");
  const { writeGenerated } = await import("../write-generated.js");
  const result = await generate(options);
  if (result.diagnostics.length > 0) return reportProblems(result.diagnostics);
  const check = args.check === true;
  const report = writeGenerated(result, { check });
  if (!check) {
    reportWritten(result, report, { cwd, quiet: args.quiet, listUnchanged: true, elapsedMs: performance.now() - started });
    return 0;
  }
  for (const note of result.notes) console.error(`note: ${note}`);
  if (report.upToDate) {
    if (!args.quiet) console.log(`gen-client-tools: ${result.toolCount} tools, generated files are up to date (${Math.round(performance.now() - started)} ms)`);
    return 0;
  }
  const show = (file: string): string => path.relative(cwd, file).split(path.sep).join("/");
  for (const file of report.changed) console.error(`  out of date  ${show(file)}`);
  for (const file of report.stale) console.error(`  stale        ${show(file)}`);
  console.error("gen-client-tools: generated files are out of date: run gen-client-tools and commit the result");
  return 1;
}

class UsageError extends Error {}

/** Runs the CLI: exit code 0 on success, 1 on input problems or a failed check, 2 on a usage error or a bug. */
export async function run(): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    if (error instanceof UsageError) console.error(`gen-client-tools: ${error.message}\nRun gen-client-tools --help for the options.`);
    else reportCrash(error);
    process.exitCode = 2;
  }
}
