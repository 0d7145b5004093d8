import { parseArgs } from "node:util";
import { suggestKey } from "../../runtime/spec/suggest.js";

/** The generate command's options as given on the command line (absent when not given). */
export interface GenerateArguments {
  readonly in?: readonly string[];
  readonly out?: string;
  readonly stubs?: string;
  readonly noStubs: boolean;
  readonly validators?: boolean;
  readonly check: boolean;
  readonly watch: boolean;
  readonly config?: string;
  readonly quiet: boolean;
}

export type CommandLine =
  | { readonly command: "generate"; readonly args: GenerateArguments }
  | { readonly command: "init" }
  | { readonly command: "help"; readonly topic: "generate" | "init" }
  | { readonly command: "version" };

/** A command line that cannot be run; the message says what to change. */
export class UsageError extends Error {}

const OPTIONS = {
  in: { type: "string", multiple: true },
  out: { type: "string" },
  stubs: { type: "string" },
  "no-stubs": { type: "boolean" },
  validators: { type: "boolean" },
  check: { type: "boolean" },
  watch: { type: "boolean", short: "w" },
  config: { type: "string" },
  quiet: { type: "boolean", short: "q" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean" },
} as const;
type OptionName = keyof typeof OPTIONS;
const NAMES = Object.keys(OPTIONS) as OptionName[];
const isOptionName = (name: string): name is OptionName => Object.hasOwn(OPTIONS, name);

/**
 * Reads the command line with node:util's parseArgs (yargs' import alone cost ~65 ms of every
 * run). `--in` takes one or more values, like `--in a b` or `--in a --in b`; the only command is
 * `init`, which takes no options but `--help`.
 */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const { tokens } = parseArgs({ args: [...argv], options: OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const given = new Map<OptionName, string | true>();
  const inputs: string[] = [];
  let command: "generate" | "init" = "generate";
  let afterIn = false;
  for (const token of tokens) {
    if (token.kind === "option-terminator") continue;
    if (token.kind === "positional") {
      if (afterIn) inputs.push(token.value);
      else if (token.value === "init" && command === "generate") command = "init";
      else throw new UsageError(`unexpected argument ${JSON.stringify(token.value)}${token.value.startsWith("-") ? "" : ": to read specs from it, use --in"}`);
      continue;
    }
    const name = token.name;
    if (!isOptionName(name)) {
      // A one-letter option is too short to guess from.
      const suggestion = token.rawName.startsWith("--") ? suggestKey(name, NAMES) : undefined;
      throw new UsageError(`unknown option ${token.rawName}${suggestion === undefined ? "" : `: did you mean --${suggestion}?`}`);
    }
    const type = OPTIONS[name].type;
    if (type === "string" && token.value === undefined) throw new UsageError(`${token.rawName} needs a value`);
    if (type === "boolean" && token.value !== undefined) throw new UsageError(`${token.rawName} takes no value`);
    if (name === "in") inputs.push(token.value!);
    else given.set(name, token.value ?? true);
    afterIn = name === "in";
  }

  if (given.has("help")) return { command: "help", topic: command };
  if (given.has("version")) return { command: "version" };
  if (command === "init") {
    const options = [...(inputs.length > 0 ? ["in"] : []), ...given.keys()];
    if (options.length > 0) throw new UsageError(`init takes no options (got --${options[0]}): it only creates client-tools/ and the config file`);
    return { command: "init" };
  }
  const text = (name: OptionName): string | undefined => {
    const value = given.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const flag = (name: OptionName): boolean => given.get(name) === true;
  if (flag("watch") && flag("check")) throw new UsageError("--watch and --check cannot be used together: --check is for CI, --watch for your editor");
  if (flag("no-stubs") && given.has("stubs")) throw new UsageError("--stubs and --no-stubs cannot be used together");
  return {
    command: "generate",
    args: {
      ...(inputs.length > 0 && { in: inputs }),
      ...(given.has("out") && { out: text("out")! }),
      ...(given.has("stubs") && { stubs: text("stubs")! }),
      noStubs: flag("no-stubs"),
      ...(given.has("validators") && { validators: true }),
      check: flag("check"),
      watch: flag("watch"),
      ...(given.has("config") && { config: text("config")! }),
      quiet: flag("quiet"),
    },
  };
}
