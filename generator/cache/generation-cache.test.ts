import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeTempProjects, tempProject } from "../../test-support/temp-project.js";
import { type GenerateResult, generate } from "../generate.js";
import type { GenerateOptions } from "../options/generate-options.js";
import { runGeneration } from "../run-generation.js";
import { writeGenerated } from "../write-generated.js";
import { pointAt, seen, tool } from "./__fixtures__/runs.js";
import { createGenerationCache } from "./generation-cache.js";

afterEach(removeTempProjects);

describe("a generation cache", () => {
  it("gives after each edit exactly what a run without it gives, and reuses the tools of the files not edited", async () => {
    const cwd = tempProject(
      {
        "client-tools/a.json": tool("alpha", { outputSchema: pointAt }),
        "client-tools/schemas/shapes.json": {
          $defs: { point: { type: "object", properties: { x: { type: "number" } } } },
        },
        "client-tools/b.json": [tool("beta"), tool("gamma", { awaited: true })],
        "client-tools/c.json": tool("delta", { parameters: { type: "object", properites: {} } }),
      },
      "gct-cache-",
    );
    const write = (file: string, value: unknown): void =>
      writeFileSync(path.join(cwd, "client-tools", file), JSON.stringify(value, null, 2));
    const options: GenerateOptions = { cwd };
    const cache = createGenerationCache();
    const step = async (): Promise<GenerateResult> => {
      const cached = await runGeneration(options, cache);
      expect(seen(cached)).toEqual(seen(await generate(options)));
      if (cached.diagnostics.length === 0) writeGenerated(cached);
      return cached;
    };

    const first = await step();
    expect(first.diagnostics).toEqual([]);
    expect(first.toolCount).toBe(4);
    expect(first.warnings.map((w) => w.file)).toEqual(["client-tools/c.json"]);
    const beta = [...cache.checkedFiles.values()].find((f) => f.source.document.path.endsWith("b.json"))!;

    // A description edited: its file is checked again, the others are not.
    write("a.json", tool("alpha", { description: "Edited.", outputSchema: pointAt }));
    await step();
    expect([...cache.checkedFiles.values()]).toContain(beta);
    // The schema file a $ref reaches changes: the spec that names it is checked again.
    write("schemas/shapes.json", { $defs: { point: { type: "object", properties: { y: { type: "integer" } } } } });
    await step();
    // A problem, then its fix; a name that clashes with another file's, then a file removed and one added.
    write("b.json", [tool("beta"), tool("gamma", { awaited: "yes" })]);
    expect((await step()).diagnostics).not.toEqual([]);
    write("b.json", [tool("beta"), tool("gamma", { awaited: true })]);
    await step();
    write("c.json", tool("beta"));
    expect((await step()).diagnostics).not.toEqual([]);
    rmSync(path.join(cwd, "client-tools/c.json"));
    write(
      "e.json",
      tool("epsilon", {
        privateInput: { schema: { type: "object", properties: { token: { type: "string" } } }, response: { ok: true } },
      }),
    );
    expect((await step()).toolCount).toBe(4);
    expect([...cache.checkedFiles.keys()].map((file) => path.basename(file)).sort()).toEqual([
      "a.json",
      "b.json",
      "e.json",
    ]);
    // The same cache serves a run with other options: nothing it keeps depends on them.
    const other = await runGeneration({ cwd, validators: true, importExtension: ".ts" }, cache);
    expect(seen(other)).toEqual(seen(await generate({ cwd, validators: true, importExtension: ".ts" })));
  });
});
