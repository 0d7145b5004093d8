import path from "node:path";
import yargs from "yargs";
import { hideBin } from "yargs/helpers";
import { formatDiagnostic, type Diagnostic } from "../diagnostics.js";
import { CONFIG_FILE } from "./config.js";

const VERSION = "0.1.0";

/** The command line: a thin layer over `generate` and `writeGenerated`, which load only after parsing. */
export async function main(argv: readonly string[] = hideBin(process.argv)): Promise<number> {
  const parsed = await yargs([...argv])
    .scriptName("gen-client-tools")
    .usage("$0 [options]\n\nGenerate typed TypeScript bindings from a folder of client-tool specs (JSON Schema).")
    .option("in", { type: "string", array: true, describe: "spec folders or files (default: client-tools)" })
    .option("out", { type: "string", describe: "output folder (default: src/client-tools.gen)" })
    .option("stubs", { type: "string", describe: "your handlers file: created once, then new tools get stubs (default: src/client-tool-handlers.ts)" })
    .option("no-stubs", { type: "boolean", describe: "do not create or update the handlers file" })
    .option("validators", { type: "boolean", describe: "also write standalone ajv validators to <out>/validators/ (they import ajv and ajv-formats at run time)" })
    .option("check", { type: "boolean", default: false, describe: "write nothing; exit 1 if any generated file would change (for CI)" })
    .option("config", { type: "string", describe: `config file (default: ${CONFIG_FILE} when present)` })
    .option("quiet", { type: "boolean", default: false, alias: "q", describe: "print errors only" })
    .example("$0", "generate from client-tools/ into src/client-tools.gen/")
    .example("$0 --in specs --out src/gen --check", "fail CI when the generated files are stale")
    .example("$0 --validators", "also generate precompiled validators for the client tool runner and the broker")
    .strict()
    .version(VERSION)
    .help()
    .alias("h", "help")
    .parserConfiguration({ "boolean-negation": false })
    .fail((message, error) => {
      throw error ?? new UsageError(message);
    })
    .parse();

  const started = performance.now();
  const cwd = process.cwd();
  const { loadConfig } = await import("./config.js");
  const config = loadConfig(parsed.config, cwd);
  if (config.diagnostics.length > 0) return reportProblems(config.diagnostics);

  const { generate } = await import("../generate.js");
  const { writeGenerated } = await import("../write-generated.js");
  const result = await generate({
    ...config.options,
    cwd,
    ...(parsed.in !== undefined && { in: parsed.in }),
    ...(parsed.out !== undefined && { out: parsed.out }),
    ...(parsed.stubs !== undefined && { stubs: parsed.stubs }),
    ...(parsed["no-stubs"] === true && { stubs: false }),
    ...(parsed.validators !== undefined && { validators: parsed.validators }),
  });
  if (result.diagnostics.length > 0) return reportProblems(result.diagnostics);

  const report = writeGenerated(result, { check: parsed.check });
  const show = (file: string): string => path.relative(cwd, file).split(path.sep).join("/");
  const say = (line: string): void => {
    if (!parsed.quiet) console.log(line);
  };
  for (const note of result.notes) console.error(`note: ${note}`);
  const elapsed = Math.round(performance.now() - started);
  if (parsed.check) {
    if (report.upToDate) {
      say(`gen-client-tools: ${result.toolCount} tools, generated files are up to date (${elapsed} ms)`);
      return 0;
    }
    for (const file of report.changed) console.error(`  out of date  ${show(file)}`);
    for (const file of report.stale) console.error(`  stale        ${show(file)}`);
    console.error("gen-client-tools: generated files are out of date: run gen-client-tools and commit the result");
    return 1;
  }
  for (const file of report.changed) say(`  wrote      ${show(file)}`);
  for (const file of report.unchanged) say(`  unchanged  ${show(file)}`);
  for (const file of report.stale) say(`  deleted    ${show(file)}`);
  say(`gen-client-tools: ${result.toolCount} tools, ${report.changed.length} files written in ${elapsed} ms`);
  return 0;
}

class UsageError extends Error {}

function reportProblems(diagnostics: readonly Diagnostic[]): number {
  for (const diagnostic of diagnostics) console.error(formatDiagnostic(diagnostic));
  const count = diagnostics.length === 1 ? "1 problem" : `${diagnostics.length} problems`;
  console.error(`gen-client-tools: ${count}; nothing was written`);
  return 1;
}

/** Runs the CLI: exit code 0 on success, 1 on input problems or a failed check, 2 on a usage error or a bug. */
export async function run(): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`gen-client-tools: ${error.message}\nRun gen-client-tools --help for the options.`);
    } else if (error instanceof RangeError && /call stack/.test(error.message)) {
      console.error("gen-client-tools: a schema is nested too deeply to process: flatten it, or move parts into $defs");
    } else {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`gen-client-tools: internal error: ${message}\nThis is a bug in gen-client-tools; set GEN_CLIENT_TOOLS_DEBUG=1 for details and please report it.`);
      if (process.env["GEN_CLIENT_TOOLS_DEBUG"]) console.error(error);
    }
    process.exitCode = 2;
  }
}
