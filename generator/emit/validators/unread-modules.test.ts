import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, expect, it, vi } from "vitest";
import { generate } from "../../generate.js";
import { writeGenerated } from "../../write-generated.js";
import { removeTempProjects, tempProject } from "./__fixtures__/project.js";
import { allSpecs } from "./__fixtures__/specs.js";
import { compileStandalone } from "./compile.js";

// Counts the schemas ajv compiles (run from the sources, the pool compiles in this thread).
vi.mock("./compile.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("./compile.js")>();
  return { ...original, compileStandalone: vi.fn(original.compileStandalone) };
});
const compiles = vi.mocked(compileStandalone);

afterEach(() => {
  vi.useRealTimers();
  removeTempProjects();
});

async function generated(cwd: string) {
  const result = await generate({ cwd, stubs: false, validators: true });
  expect(result.diagnostics).toEqual([]);
  return result;
}

/** The validator modules' texts, by file name, as the result gives them. */
function modules(result: Awaited<ReturnType<typeof generate>>): Record<string, string> {
  return Object.fromEntries(
    result.files
      .filter((file) => path.basename(path.dirname(file.path)) === "validators")
      .map((file) => [path.basename(file.path), file.contents]),
  );
}

it("reads no module's code when the output folder holds it as the cache has it, and writes one changed on disk", async () => {
  const project = tempProject(allSpecs);
  const folder = path.join(project, "src/client-tools.gen/validators");
  const first = await generated(project);
  const texts = modules(first);
  writeGenerated(first);
  // The stamps' clock moved on: the next run reads the files back, finds them right, and records them (KnownFiles).
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10_000 });
  writeGenerated(await generated(project));

  // Every module's code in the cache altered: a run that read one would find its checksum wrong and compile it.
  const root = path.join(project, "node_modules/.cache/gen-client-tools");
  const pack = path.join(root, readdirSync(root).find((name) => name.endsWith(".pack"))!);
  const bytes = readFileSync(pack, "latin1");
  writeFileSync(pack, bytes.replaceAll("validate0", "validateX"), "latin1");
  compiles.mockClear();
  const unread = await generated(project);
  expect(compiles).not.toHaveBeenCalled();
  expect(writeGenerated(unread).changed).toEqual([]);
  // Asked for, each module's text is the file's, the cache's entries being damaged.
  expect(modules(unread)).toEqual(texts);

  // A module gone from the folder: its entry is read, found damaged, and its tool compiled again.
  rmSync(path.join(folder, "save_contact.ts"));
  compiles.mockClear();
  const repaired = await generated(project);
  expect(compiles).toHaveBeenCalled();
  writeGenerated(repaired);
  expect(readFileSync(path.join(folder, "save_contact.ts"), "utf8")).toBe(texts["save_contact.ts"]);
  expect(modules(repaired)).toEqual(texts);
});
