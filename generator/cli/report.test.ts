import { afterEach, describe, expect, it, vi } from "vitest";
import { GenerateError } from "../diagnostics.js";
import { crashMessage, reportCrash } from "./report.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("reportCrash", () => {
  it("calls a bug of ours an internal error with exit code 70 (EX_SOFTWARE), not 2, which means a usage error", () => {
    const printed = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(reportCrash(new TypeError("x is not a function"))).toBe(70);
    expect(printed.mock.calls.join("\n")).toMatch(
      /^gen-client-tools: internal error: x is not a function\nThis is a bug in gen-client-tools; set GEN_CLIENT_TOOLS_DEBUG=1/,
    );
  });

  it("says what a problem the run named is and where, with exit code 1", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const named = new GenerateError([{ file: "gen/validators/a.ts", message: "run again" }]);
    expect(reportCrash(named)).toBe(1);
    expect(crashMessage(named)).toBe("gen-client-tools: gen/validators/a.ts: run again");
  });

  it("tells the user to flatten a schema nested too deeply to walk, with exit code 1", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const overflow = new RangeError("Maximum call stack size exceeded");
    expect(reportCrash(overflow)).toBe(1);
    expect(crashMessage(overflow)).toMatch(/nested too deeply to process: flatten it, or move parts into \$defs/);
  });

  it("tells what the file system refused and where, with exit code 1: the user's to fix, not a bug", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const refusal = Object.assign(new Error("EISDIR: illegal operation on a directory, open 'src/handlers.ts'"), {
      code: "EISDIR",
      path: "src/handlers.ts",
      syscall: "open",
    });
    expect(reportCrash(refusal)).toBe(1);
    expect(crashMessage(refusal)).toBe(
      "gen-client-tools: cannot open src/handlers.ts: it is a folder, where a file was expected (EISDIR)",
    );
    const renamed = Object.assign(new Error("EISDIR"), {
      code: "EISDIR",
      path: "src/.handlers.ts.1.tmp",
      dest: "src/handlers.ts",
      syscall: "rename",
    });
    expect(crashMessage(renamed)).toBe(
      "gen-client-tools: cannot write src/handlers.ts: it is a folder, where a file was expected (EISDIR)",
    );
  });
});
