import { describe, expect, it } from "vitest";
import { parseCommandLine, UsageError } from "./arguments.js";

const generateArgs = (...argv: string[]) => {
  const line = parseCommandLine(argv);
  if (line.command !== "generate") throw new Error(`parsed as ${line.command}`);
  return line.args;
};
const usageError = (...argv: string[]): string => {
  try {
    parseCommandLine(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error(`${argv.join(" ")} was accepted`);
};

describe("parseCommandLine", () => {
  it("reads no arguments as a generation with the defaults", () => {
    expect(generateArgs()).toEqual({ noStubs: false, check: false, watch: false, quiet: false });
  });

  it("reads every option of a generation", () => {
    expect(generateArgs("--in", "a", "--out", "gen", "--stubs", "h.ts", "--validators", "--check", "--config", "c.json", "-q")).toEqual({
      in: ["a"],
      out: "gen",
      stubs: "h.ts",
      noStubs: false,
      validators: true,
      check: true,
      watch: false,
      config: "c.json",
      quiet: true,
    });
    expect(generateArgs("--no-stubs", "-w")).toMatchObject({ noStubs: true, watch: true });
    expect(generateArgs("-wq")).toMatchObject({ watch: true, quiet: true });
    expect(generateArgs("--out=gen")).toMatchObject({ out: "gen" });
  });

  it("takes several spec folders after one --in, or one per --in, in order", () => {
    expect(generateArgs("--in", "a", "b", "--in", "c", "--check")).toMatchObject({ in: ["a", "b", "c"], check: true });
    expect(generateArgs("--in", "a", "--", "-odd")).toMatchObject({ in: ["a", "-odd"] });
  });

  it("answers help, for each command, and the version, before anything else", () => {
    expect(parseCommandLine(["--help"])).toEqual({ command: "help", topic: "generate" });
    expect(parseCommandLine(["--check", "-h"])).toEqual({ command: "help", topic: "generate" });
    expect(parseCommandLine(["init", "--help"])).toEqual({ command: "help", topic: "init" });
    expect(parseCommandLine(["--version"])).toEqual({ command: "version" });
    expect(parseCommandLine(["init"])).toEqual({ command: "init" });
  });

  it("refuses an unknown option, suggesting the one meant", () => {
    expect(usageError("--chek")).toBe("unknown option --chek: did you mean --check?");
    expect(usageError("--frobnicate")).toBe("unknown option --frobnicate");
    expect(usageError("-x")).toBe("unknown option -x");
  });

  it("refuses a missing value, a value for a flag, a stray argument and contradictions", () => {
    expect(usageError("--out")).toBe("--out needs a value");
    expect(usageError("--check=yes")).toBe("--check takes no value");
    expect(usageError("specs")).toBe('unexpected argument "specs": to read specs from it, use --in');
    expect(usageError("--watch", "--check")).toMatch(/^--watch and --check cannot be used together/);
    expect(usageError("--stubs", "h.ts", "--no-stubs")).toBe("--stubs and --no-stubs cannot be used together");
    expect(usageError("init", "--out", "gen")).toMatch(/^init takes no options \(got --out\)/);
  });
});
