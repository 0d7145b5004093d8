import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { generate } from "../generator/generate.js";

const examplesDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(examplesDir);
const examples = readdirSync(examplesDir).filter((name) => existsSync(path.join(examplesDir, name, "client-tools")));

describe.each(examples)("examples/%s", (name) => {
  const cwd = path.join(examplesDir, name);

  it("has committed generated output equal to a fresh run", async () => {
    const result = await generate({ cwd });
    expect(result.diagnostics).toEqual([]);
    const generated = result.files.filter((file) => file.role === "generated");
    expect(generated.map((file) => path.basename(file.path)).sort()).toEqual(["handlers.ts", "index.ts", "specs.ts", "types.ts"]);
    for (const file of generated) {
      expect(readFileSync(file.path, "utf8"), `${path.relative(root, file.path)} is stale: run npm run generate:examples`).toBe(file.contents);
    }
    // The handlers file has a method for every tool, so a run leaves it alone.
    expect(result.files.filter((file) => file.role === "stubs")).toEqual([]);
  });
});

describe("generated code and its consumers compile under the strictest settings", () => {
  const project = path.join(examplesDir, "tsconfig.json");
  const compile = (tsc: string): string => {
    try {
      return execFileSync(process.execPath, [tsc, "-p", project, "--pretty", "false"], { encoding: "utf8" });
    } catch (error) {
      return String((error as { stdout?: string }).stdout ?? error);
    }
  };

  it("with TypeScript 7", () => {
    expect(compile(path.join(root, "node_modules/typescript/bin/tsc"))).toBe("");
  });

  it("with TypeScript 5.x", () => {
    expect(compile(path.join(root, "node_modules/typescript5/bin/tsc"))).toBe("");
  });
});
