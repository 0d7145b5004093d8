import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importCycle, importsInto, sourceFiles } from "./import-cycles.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("imports among source files", () => {
  it("form no circle, in the runtime, the generator and the templates", () => {
    expect(importCycle(root, sourceFiles(root, ["runtime", "generator", "templates"]))).toBeUndefined();
  });

  it("reach the runtime from the generator only through its declared entries, never by path", () => {
    const generator = readdirSync(path.join(root, "generator"), { recursive: true, encoding: "utf8" })
      .filter((entry) => /\.tsx?$/.test(entry) && !entry.split(path.sep).includes("dist"))
      .map((entry) => path.join("generator", entry));
    expect(generator.length).toBeGreaterThan(100);
    expect(importsInto(root, generator, "runtime")).toEqual([]);
  });

  it("are found in a circle of three files, types included, beside a file that leads into it", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "gct-cycles-"));
    mkdirSync(path.join(folder, "src"));
    writeFileSync(path.join(folder, "src/a.ts"), 'import { b } from "./b.js";\nexport const a = b;\n');
    writeFileSync(path.join(folder, "src/b.ts"), 'import type { C } from "./c.js";\nexport const b: C = 1;\n');
    writeFileSync(path.join(folder, "src/c.ts"), 'export type { A } from "./a.js";\nexport type C = number;\n');
    writeFileSync(path.join(folder, "src/d.ts"), 'import { a } from "./a.js";\nexport const d = a;\n');
    expect(importCycle(folder, sourceFiles(folder, ["src"]))).toEqual(["src/a.ts", "src/b.ts", "src/c.ts", "src/a.ts"]);
    writeFileSync(path.join(folder, "src/e.test.ts"), 'import { x } from "../lib/x.js";\nexport const e = x;\n');
    expect(importsInto(folder, ["src/a.ts", "src/e.test.ts"], "lib")).toEqual(["src/e.test.ts -> lib/x.js"]);
  });
});
