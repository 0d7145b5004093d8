import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { type GeneratedFile, generate } from "../generator/generate.js";
import { removeTempProjects, tempProject } from "../test-support/temp-project.js";

// Adding one tool to a spec set shows in review as that tool's own lines: each generated file
// changes in at most two hunks, each adding the new tool's own declarations and removing nothing.

const examples = path.dirname(fileURLToPath(import.meta.url));
afterAll(removeTempProjects);

/** The hunks of a line diff (longest common subsequence): each run of removed and added lines between common ones. */
function hunks(before: readonly string[], after: readonly string[]): { removed: string[]; added: string[] }[] {
  const lcs: number[][] = Array.from({ length: before.length + 1 }, () => new Array<number>(after.length + 1).fill(0));
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--)
      lcs[i]![j] = before[i] === after[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const found: { removed: string[]; added: string[] }[] = [];
  let current: { removed: string[]; added: string[] } | undefined;
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && before[i] === after[j]) {
      current = undefined;
      i++;
      j++;
      continue;
    }
    if (current === undefined) found.push((current = { removed: [], added: [] }));
    if (j < after.length && (i === before.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!))
      current.added.push(after[j++]!);
    else current.removed.push(before[i++]!);
  }
  return found;
}

async function generated(example: string, without: string | undefined): Promise<Map<string, string>> {
  const project = tempProject({}, "gct-diff-");
  cpSync(path.join(examples, example, "client-tools"), path.join(project, "client-tools"), { recursive: true });
  if (without !== undefined) rmSync(path.join(project, "client-tools", without));
  const result = await generate({ cwd: project, prettier: false });
  expect(result.diagnostics).toEqual([]);
  return new Map(result.files.map((file: GeneratedFile) => [path.relative(project, file.path), file.contents]));
}

describe("one tool added to a spec set", () => {
  it.each([
    ["basic", "get_location.json", ["get_location", "GetLocation"]],
    ["agent-canvas", "set_layout.json", ["set_layout", "SetLayout"]],
  ])(
    "examples/%s with %s: at most two hunks a file, each one the tool's own declarations",
    async (example, file, names) => {
      const before = await generated(example, file);
      const after = await generated(example, undefined);
      const mentions = (line: string) => names.some((name) => line.includes(name));
      for (const [name, text] of after) {
        // The manifest lists the tools and digests the inputs: it changes wherever a spec does.
        if (name.endsWith(".manifest.json")) continue;
        const changes = hunks((before.get(name) ?? "").split("\n"), text.split("\n"));
        expect(changes.length, name).toBeLessThanOrEqual(2);
        for (const change of changes) {
          expect(change.removed, name).toEqual([]);
          // A hunk is the tool's declarations: it starts with a line naming the tool (its doc comment may come first).
          expect(change.added.some(mentions), `${name}: ${change.added.join("\n")}`).toBe(true);
        }
      }
      // client-inputs.ts names the private-input tools alone.
      expect(after.get("src/client-tools.gen/client-inputs.ts")).toBe(
        before.get("src/client-tools.gen/client-inputs.ts"),
      );
    },
  );
});
