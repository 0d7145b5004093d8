import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeTempProjects, tempProject } from "../../test-support/temp-project.js";
import { generate } from "../generate.js";
import type { GenerateOptions } from "../options/generate-options.js";
import { MANIFEST_FILE } from "../output-format/manifest.js";
import { writeGenerated } from "../write-generated.js";
import { generatedFilesUpToDate } from "./up-to-date.js";
import { whatChanged } from "./what-changed.js";

afterEach(removeTempProjects);

const OUT = "src/client-tools.gen";
const spec = (text: string) => ({
  name: "notify",
  description: "Show a notice.",
  parameters: { type: "object", properties: { [text]: { type: "string" } } },
});

async function run(root: string, options: Omit<GenerateOptions, "cwd"> = {}) {
  const result = await generate({ stubs: false, prettier: false, ...options, cwd: root });
  expect(result.diagnostics).toEqual([]);
  return result;
}

async function generated(options: Omit<GenerateOptions, "cwd"> = {}): Promise<string> {
  const root = tempProject({ "client-tools/notify.json": spec("text") });
  writeGenerated(await run(root, options));
  return root;
}

const file = (root: string, name: string) => path.join(root, OUT, name);

describe("options that stay", () => {
  it("keeps validators through a run, --check and the up-to-date test that do not give the option, until told otherwise", async () => {
    const root = await generated({ validators: true });
    const again = await run(root);
    expect(writeGenerated(again, { check: true }).upToDate).toBe(true);
    expect(generatedFilesUpToDate({ stubs: false, prettier: false, cwd: root })).toBe(true);
    writeGenerated(again);
    expect(existsSync(file(root, "validators/index.ts"))).toBe(true);
    writeGenerated(await run(root, { validators: false }));
    expect(existsSync(file(root, "validators/index.ts"))).toBe(false);
    expect(writeGenerated(await run(root), { check: true }).upToDate).toBe(true);
  });
});

describe("whatChanged", () => {
  it("names an option that changed, its values and where it comes from", async () => {
    const root = await generated({ importExtension: ".js" });
    expect(whatChanged(await run(root, { importExtension: ".ts" }))).toBe(
      `the options changed: importExtension was ".js", now ".ts" (from the tsconfig's module resolution, or the importExtension option)`,
    );
  });

  it("says the specs changed when they did, and the options did not", async () => {
    const root = await generated();
    writeFileSync(path.join(root, "client-tools/notify.json"), JSON.stringify(spec("message")));
    expect(whatChanged(await run(root))).toBe("the specs changed");
  });

  it("names the generator that wrote the files when another one would write them otherwise", async () => {
    const root = await generated();
    const manifest = JSON.parse(readFileSync(file(root, MANIFEST_FILE), "utf8"));
    const older = { ...manifest, generator: "gen-client-tools 0.0.9", generatorCode: "older", outputs: "other" };
    writeFileSync(file(root, MANIFEST_FILE), JSON.stringify(older));
    expect(whatChanged(await run(root))).toMatch(
      /^the generator changed \(gen-client-tools 0\.0\.9 wrote them; this is gen-client-tools \d/,
    );
  });

  it("says the prettier that formats the files changed when its config did", async () => {
    const root = tempProject({ "client-tools/notify.json": spec("text"), ".prettierrc": '{ "semi": true }\n' });
    writeGenerated(await run(root, { prettier: true }));
    writeFileSync(path.join(root, ".prettierrc"), '{ "semi": false }\n');
    expect(whatChanged(await run(root, { prettier: true }))).toBe(
      "the prettier that formats them changed (its version, config or plugins)",
    );
  });

  it("says a generated file was edited by hand when nothing it comes from changed", async () => {
    const root = await generated();
    writeFileSync(file(root, "types.ts"), `${readFileSync(file(root, "types.ts"), "utf8")}// mine\n`);
    expect(whatChanged(await run(root))).toBe("generated files were edited, removed or added by hand");
  });
});
