import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The generator's stages, in the order a run passes through them (its options first); each is a folder of generator/. */
const STAGES = ["options", "load", "check", "model", "emit", "format", "manifest", "write"] as const;

/** Modules any stage may use: helpers of no stage (they import no stage themselves, which this test also checks). */
const SHARED = [
  "diagnostics.ts",
  "relative-path.ts",
  "package-root.ts",
  "generator-digest.ts",
  "digest.ts",
  "file-refs.ts",
  "text-chunks.ts",
  "read-plain-file.ts",
  "deferred-contents.ts",
  "file-stamp.ts",
  "json",
  "output-format",
];

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/**
 * Every import of a module: the module it names (relative to generator/, or outside it), and whether only types are
 * imported.
 */
function importsOf(file: string): { target: string; typeOnly: boolean }[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(IMPORT)].flatMap((match) => {
    const specifier = match[3] ?? match[4]!;
    if (!specifier.startsWith(".")) return [];
    const target = path.relative(here, path.resolve(path.dirname(file), specifier.replace(/\.js$/, ".ts")));
    return [{ target, typeOnly: match[2] !== undefined }];
  });
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter(
      (entry) =>
        entry.endsWith(".ts") && !/\.test(-d)?\.ts$/.test(entry) && !entry.split(path.sep).includes("__fixtures__"),
    )
    .map((entry) => path.join(folder, entry));
}

/** The stage or shared module a path of generator/ belongs to, or undefined for the code that runs the stages. */
function roomOf(target: string): string | undefined {
  const first = target.split(path.sep)[0]!;
  if ((STAGES as readonly string[]).includes(first)) return first;
  return SHARED.includes(first) ? "shared" : target.startsWith("..") ? "outside" : undefined;
}

describe("the generator's stages", () => {
  it("import only their own code, the shared helpers, the runtime, and the types of the values earlier stages hand them", () => {
    const wrong: string[] = [];
    for (const stage of STAGES) {
      for (const file of sourceFiles(path.join(here, stage))) {
        for (const { target, typeOnly } of importsOf(file)) {
          const room = roomOf(target);
          if (room === stage || room === "shared" || room === "outside") continue;
          const earlier = room !== undefined && STAGES.indexOf(room as (typeof STAGES)[number]) < STAGES.indexOf(stage);
          if (typeOnly && (earlier || room === undefined)) continue;
          wrong.push(`${path.relative(here, file)} imports ${typeOnly ? "types of " : ""}${target}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("share helpers that import no stage", () => {
    const wrong = SHARED.flatMap((name) => {
      const full = path.join(here, name);
      const files = name.endsWith(".ts") ? [full] : sourceFiles(full);
      return files.flatMap((file) =>
        importsOf(file)
          .filter(({ target }) => roomOf(target) !== "shared" && roomOf(target) !== "outside")
          .map(({ target }) => `${path.relative(here, file)} imports ${target}`),
      );
    });
    expect(wrong).toEqual([]);
  });
});
