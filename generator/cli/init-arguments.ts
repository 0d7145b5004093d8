import { UsageError } from "./usage-error.js";

/** The examples `init --example` writes. */
export const INIT_EXAMPLES = ["walkthrough"] as const;
export type InitExample = (typeof INIT_EXAMPLES)[number];

/** What `gen-client-tools init ...` asks for. */
export type InitCommandLine =
  | { readonly command: "init"; readonly example?: InitExample }
  | { readonly command: "help"; readonly topic: "init" }
  | { readonly command: "version" };

/** `gen-client-tools init`'s arguments: `--example <name>` (or `--example=<name>`), `--help`, `--version`. */
export function parseInit(argv: readonly string[]): InitCommandLine {
  if (argv.includes("--help") || argv.includes("-h")) return { command: "help", topic: "init" };
  if (argv.includes("--version")) return { command: "version" };
  let example: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    const inline = /^--example=(.*)$/s.exec(token);
    if (inline !== null) example = inline[1];
    else if (token === "--example") example = argv[++i];
    else
      throw new UsageError(
        token.startsWith("-")
          ? `init takes only --example (got ${token.split("=")[0]}): it creates client-tools/ and the config file`
          : `unexpected argument ${JSON.stringify(token)}: init takes none`,
      );
  }
  if (example === undefined) return { command: "init" };
  if (!(INIT_EXAMPLES as readonly string[]).includes(example))
    throw new UsageError(`--example takes ${INIT_EXAMPLES.join(", ")} (got ${JSON.stringify(example)})`);
  return { command: "init", example: example as InitExample };
}
