import { describe, expect, it } from "vitest";
import { parseCommandLine } from "./arguments.js";
import { UsageError } from "./usage-error.js";

const generateLine = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
  const line = parseCommandLine(argv, env);
  if (line.command !== "generate") throw new Error(`parsed as ${line.command}`);
  return line;
};
const usageError = (argv: string[], env: NodeJS.ProcessEnv = {}): string => {
  try {
    parseCommandLine(argv, env);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error(`${argv.join(" ")} was accepted`);
};

describe("parseCommandLine", () => {
  it("reads no arguments as a generation with the defaults", () => {
    expect(generateLine([])).toEqual({
      command: "generate",
      options: {},
      run: { check: false, watch: false, quiet: false },
    });
  });

  it("reads every option of a generation", () => {
    expect(
      generateLine([
        "--in",
        "a",
        "--out",
        "gen",
        "--stubs",
        "h.ts",
        "--validators",
        "--prettier",
        "--fail-on-warnings",
        "--check",
        "--config",
        "c.json",
        "-q",
      ]),
    ).toEqual({
      command: "generate",
      options: { in: ["a"], out: "gen", stubs: "h.ts", validators: true, prettier: true, failOnWarnings: true },
      run: { check: true, watch: false, quiet: true, config: "c.json" },
    });
    expect(generateLine(["--no-stubs", "-w"])).toMatchObject({ options: { stubs: false }, run: { watch: true } });
    expect(generateLine(["-wq"])).toMatchObject({ run: { watch: true, quiet: true } });
    expect(generateLine(["--out=gen"])).toMatchObject({ options: { out: "gen" } });
    expect(generateLine(["--check=false"])).toMatchObject({ run: { check: false } });
  });

  it("has a --no- form for every boolean option, so a config file's setting can be turned off for one run", () => {
    expect(generateLine(["--no-validators", "--no-prettier", "--no-fail-on-warnings"]).options).toEqual({
      validators: false,
      prettier: false,
      failOnWarnings: false,
    });
    expect(generateLine(["--no-check", "--no-watch", "--no-quiet"]).run).toEqual({
      check: false,
      watch: false,
      quiet: false,
    });
  });

  it("takes several spec folders after one --in, or one per --in, in order, and what follows --", () => {
    expect(generateLine(["--in", "a", "b", "--in", "c", "--check"])).toMatchObject({
      options: { in: ["a", "b", "c"] },
      run: { check: true },
    });
    expect(generateLine(["--in", "a", "--", "-odd"])).toMatchObject({ options: { in: ["a", "-odd"] } });
  });

  it("answers help, for each command, the version and shell completion, before anything else", () => {
    expect(parseCommandLine(["--help"])).toEqual({ command: "help", topic: "generate" });
    expect(parseCommandLine(["--check", "-h"])).toEqual({ command: "help", topic: "generate" });
    expect(parseCommandLine(["init", "--help"])).toEqual({ command: "help", topic: "init" });
    expect(parseCommandLine(["--version"])).toEqual({ command: "version" });
    expect(parseCommandLine(["init"])).toEqual({ command: "init" });
    expect(parseCommandLine(["doctor"])).toEqual({ command: "doctor" });
    expect(parseCommandLine(["doctor", "--config", "app.json"])).toEqual({ command: "doctor", config: "app.json" });
    expect(parseCommandLine(["doctor", "--help"])).toEqual({ command: "help", topic: "doctor" });
    expect(parseCommandLine(["completion"])).toEqual({ command: "completion" });
    expect(parseCommandLine(["--get-yargs-completions", "gen-client-tools", "--va"])).toEqual({
      command: "completion",
    });
  });

  it("refuses an unknown option, suggesting the one meant", () => {
    expect(usageError(["--chek"])).toBe("unknown option --chek: did you mean --check?");
    expect(usageError(["--no-validator"])).toBe("unknown option --validator: did you mean --validators?");
    expect(usageError(["--frobnicate"])).toBe("unknown option --frobnicate");
    expect(usageError(["-x"])).toBe("unknown option -x");
  });

  it("refuses a missing value, a value for a flag, a repeated value, a stray argument and contradictions", () => {
    expect(usageError(["--out"])).toBe("--out needs a value");
    expect(usageError(["--in"])).toBe("--in needs a value");
    expect(usageError(["--check=yes"])).toBe('--check takes no value (got "yes")');
    expect(usageError(["--out", "a", "--out", "b"])).toBe("--out was given 2 times: give it once");
    expect(usageError(["specs"])).toBe('unexpected argument "specs": to read specs from it, use --in');
    expect(usageError(["doctr"])).toBe(
      'unexpected argument "doctr": did you mean the command doctor? To read specs from it, use --in',
    );
    expect(usageError(["inti"])).toMatch(/did you mean the command init\?/);
    expect(usageError(["--watch", "--check"])).toMatch(/^--watch and --check cannot be used together/);
    expect(usageError(["--stubs", "h.ts", "--no-stubs"])).toBe("--stubs and --no-stubs cannot be used together");
    expect(usageError(["init", "--out", "gen"])).toMatch(/^init takes only --example \(got --out\)/);
    expect(parseCommandLine(["init", "--example", "walkthrough"])).toEqual({ command: "init", example: "walkthrough" });
    expect(parseCommandLine(["init", "--example=walkthrough"])).toEqual({ command: "init", example: "walkthrough" });
    expect(usageError(["init", "--example", "chat"])).toBe('--example takes walkthrough (got "chat")');
    expect(usageError(["init", "specs"])).toBe('unexpected argument "specs": init takes none');
    expect(usageError(["doctor", "--out", "gen"])).toMatch(/^doctor takes only --config \(got --out\)/);
    expect(usageError(["doctor", "now"])).toMatch(/^unexpected argument "now"/);
  });

  it("takes options from GEN_CLIENT_TOOLS_* variables, below the command line", () => {
    const env = {
      GEN_CLIENT_TOOLS_OUT: "env-gen",
      GEN_CLIENT_TOOLS_VALIDATORS: "1",
      GEN_CLIENT_TOOLS_IN: "a:b",
      GEN_CLIENT_TOOLS_STUBS: "false",
      GEN_CLIENT_TOOLS_CHECK: "true",
      GEN_CLIENT_TOOLS_PRETTIER: "auto",
    };
    expect(generateLine([], env)).toEqual({
      command: "generate",
      options: { out: "env-gen", validators: true, in: ["a", "b"], stubs: false, prettier: "auto" },
      run: { check: true, watch: false, quiet: false },
    });
    expect(generateLine(["--out", "cli-gen", "--no-validators"], env).options).toMatchObject({
      out: "cli-gen",
      validators: false,
    });
  });

  it("leaves GEN_CLIENT_TOOLS_DEBUG to itself, and refuses an unknown or malformed variable", () => {
    expect(generateLine([], { GEN_CLIENT_TOOLS_DEBUG: "1" }).options).toEqual({});
    expect(usageError([], { GEN_CLIENT_TOOLS_VALIDATOR: "1" })).toBe(
      "unknown environment variable GEN_CLIENT_TOOLS_VALIDATOR: did you mean GEN_CLIENT_TOOLS_VALIDATORS?",
    );
    expect(usageError([], { GEN_CLIENT_TOOLS_VALIDATORS: "sometimes" })).toBe(
      'GEN_CLIENT_TOOLS_VALIDATORS must be true or false, not "sometimes"',
    );
  });
});
