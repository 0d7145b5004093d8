import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { linkRuntime } from "../test-support/runtime-package.js";
import { removeTempProjects, tempProject } from "../test-support/temp-project.js";
import { generate } from "../generator/generate.js";
import { writeGenerated } from "../generator/write-generated.js";

// Every TypeScript block of the pages in docs/ is a module named on its first line
// (`// server-redis.ts`), type-checked as a user's project would compile it: the runtime package
// installed, the official `redis` client and the AI SDK beside it, code generated from
// examples/nextjs-ai-sdk's specs at `@/client-tools.gen` (create-next-app's alias), the strictest
// settings.
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const BLOCK = /```ts\n\/\/ ([\w.-]+\.ts)\n([\s\S]*?)```/g;

const pages = readdirSync(here).filter((name) => name.endsWith(".md"));
const blocks = pages.flatMap((page) => [...readFileSync(path.join(here, page), "utf8").matchAll(BLOCK)].map(([, name, code]) => ({ page, name: name!, code: code! })));

describe("the code blocks of docs/", () => {
  afterAll(() => removeTempProjects());

  it("are each named on their first line, and only once", () => {
    const unnamed = pages.flatMap((page) => [...readFileSync(path.join(here, page), "utf8").matchAll(/```ts\n(?!\/\/ [\w.-]+\.ts\n)/g)].map(() => page));
    expect(unnamed).toEqual([]);
    expect(new Set(blocks.map((block) => block.name)).size).toBe(blocks.length);
    expect(blocks.length).toBeGreaterThan(0);
  });

  it("type-check against the runtime package under strict settings", async () => {
    const project = tempProject({
      "package.json": { type: "module" },
      "tsconfig.json": {
        compilerOptions: {
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          module: "esnext",
          moduleResolution: "bundler",
          paths: { "@/*": ["./*"] },
          target: "es2022",
          noEmit: true,
          skipLibCheck: true,
          types: ["node"],
        },
      },
      ...Object.fromEntries(blocks.map((block) => [block.name, block.code])),
    });
    linkRuntime(project);
    for (const name of ["redis", "@redis", "@types", "ai", "@ai-sdk"]) symlinkSync(path.join(root, "node_modules", name), path.join(project, "node_modules", name), "dir");
    const generated = await generate({ cwd: project, in: [path.join(root, "examples/nextjs-ai-sdk/client-tools")], out: "client-tools.gen", stubs: false, validators: true });
    expect(generated.diagnostics).toEqual([]);
    writeGenerated(generated);
    const tsc = spawnSync(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", project], { encoding: "utf8" });
    expect(tsc.stdout + tsc.stderr).toBe("");
  }, 60_000);
});
