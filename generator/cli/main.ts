import { count } from "../count.js";
import type { GenerateOptions } from "../options/generate-options.js";
import { packageVersion } from "../package-root.js";
import { relativePath } from "../relative-path.js";
import { parseCommandLine, type RunArguments } from "./arguments.js";
import { reportCrash, reportProblems, reportWarnings, reportWarningsAndNotes, reportWritten } from "./report.js";
import { UsageError } from "./usage-error.js";

/** The command line: a thin layer over `generate` and `writeGenerated`, which load only after parsing. */
export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<number> {
  const line = parseCommandLine(argv, process.env);
  switch (line.command) {
    case "help":
      process.stdout.write(await (await import("./help.js")).helpText(line.topic));
      return 0;
    case "completion":
      await (await import("./yargs-cli.js")).completion(argv);
      return 0;
    case "version":
      console.log(packageVersion());
      return 0;
    case "init":
      return line.example === undefined
        ? (await import("./init.js")).initCommand(process.cwd())
        : (await import("./init-example.js")).initExample(process.cwd(), line.example);
    case "doctor":
      return (await import("./doctor.js")).doctorCommand(process.cwd(), line.config);
    case "diff":
      return (await import("./diff.js")).diffCommand(line, process.cwd());
    case "generate":
      return generateCommand(line.options, line.run);
  }
}

async function generateCommand(given: Omit<GenerateOptions, "cwd">, run: RunArguments): Promise<number> {
  const started = performance.now();
  const cwd = process.cwd();
  const { loadConfig } = await import("../options/config-file.js");
  const config = loadConfig(run.config, cwd);
  if (config.diagnostics.length > 0) return reportProblems(config.diagnostics);
  const options = { ...config.options, ...given, cwd };
  if (run.watch) return (await import("./watch.js")).watchCommand(options, run.quiet);

  const { check, quiet } = run;
  // Most CI runs find nothing changed: the manifest's digests tell that without generating.
  if (check && (await import("../up-to-date/up-to-date.js")).generatedFilesUpToDate(options)) {
    if (!quiet)
      console.log(
        `gen-client-tools: generated files are up to date, by their ` +
          `manifest (${Math.round(performance.now() - started)} ms)`,
      );
    return 0;
  }
  const { generate } = await import("../generate.js");
  const { writeGenerated } = await import("../write-generated.js");
  const result = await generate(options);
  if (result.diagnostics.length > 0) {
    reportWarnings(result.warnings);
    return reportProblems(result.diagnostics);
  }
  const report = writeGenerated(result, { check });
  if (!check) {
    reportWritten(result, report, { cwd, quiet, listUnchanged: true, elapsedMs: performance.now() - started });
    return 0;
  }
  reportWarningsAndNotes(result);
  if (report.upToDate) {
    if (!quiet)
      console.log(
        `gen-client-tools: ${count(result.toolCount, "tool")}, generated ` +
          `files are up to date (${Math.round(performance.now() - started)} ms)`,
      );
    return 0;
  }
  const show = (file: string): string => relativePath(cwd, file);
  for (const file of report.changed) console.error(`  out of date  ${show(file)}`);
  for (const file of report.stale) console.error(`  stale        ${show(file)}`);
  const { whatChanged } = await import("../up-to-date/what-changed.js");
  console.error(
    `gen-client-tools: generated files are out of date, ${whatChanged(result)}: run gen-client-tools and commit the result`,
  );
  return 1;
}

/**
 * Runs the CLI: exit code 0 on success, 1 on input problems or a failed check, 2 on a usage error, 70 (EX_SOFTWARE) on
 * a bug of ours.
 */
export async function run(): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`gen-client-tools: ${error.message}`);
      process.stderr.write(await (await import("./yargs-cli.js")).usageText());
      process.exitCode = 2;
    } else {
      process.exitCode = reportCrash(error);
    }
  }
}
