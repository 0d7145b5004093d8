import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./import-cycles.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MAX_LINES = 300;

describe("source files", () => {
  it(`hold one idea each: none in the runtime, the generator or the templates over ${MAX_LINES} lines`, () => {
    const files = sourceFiles(root, ["runtime", "generator", "templates"]);
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file, lines: readFileSync(path.join(root, file), "utf8").trimEnd().split("\n").length }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
