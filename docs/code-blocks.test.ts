import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../generator/generate.js";
import { writeGenerated } from "../generator/write-generated.js";
import { linkRuntime } from "../test-support/runtime-package.js";
import { removeTempProjects, tempProject, writeProjectFiles } from "../test-support/temp-project.js";
import { CODE_BLOCK_WRAPPERS } from "./code-block-wrappers.js";

// The TypeScript blocks of the pages in docs/, each one of three kinds, by its first line and
// info string:
// - a module, named on its first line (`// server-redis.ts`): type-checked as a user's project
//   would compile it, the runtime package installed, the official `redis` client, `ws`, OpenTelemetry and the
//   AI SDK beside it, code generated from examples/nextjs-ai-sdk's specs at `./client-tools.gen`
//   (and `@/client-tools.gen`, create-next-app's alias), the strictest settings. The framework
//   snippets (`with-*.ts`, `copilotkit.ts`) are compiled by packaging/pack-install.test.ts with
//   their frameworks installed;
// - ```ts generated: an excerpt of generated code, which must be in a committed example's output;
// - ```ts partial=<id>: a fragment that reads names its page's prose defines, type-checked in the
//   wrapper of that id (code-block-wrappers.ts).
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const BLOCK = /^([ \t]*)```tsx?([^\n]*)\n([\s\S]*?)^\1```/gm;
const NAMED = /^\/\/ ([\w.-]+\.tsx?)\n/;
/** Compiled by the packaging tests, where their frameworks are installed. */
const IN_PACKAGING = /^(with-[\w-]+|copilotkit)\.ts$/;

interface Block {
  readonly page: string;
  readonly info: string;
  readonly code: string;
  readonly name: string | undefined;
}

/** Its blocks are examples/walkthrough's files, compiled and run in Chromium by packaging/walkthrough.test.ts. */
const WALKTHROUGH = "getting-started.md";
const pages = readdirSync(here).filter((name) => name.endsWith(".md") && name !== WALKTHROUGH);
const blocks: Block[] = pages.flatMap((page) =>
  [...readFileSync(path.join(here, page), "utf8").matchAll(BLOCK)].map(([, indent, info, code]) => {
    const text = code!.replace(new RegExp(`^${indent}`, "gm"), "");
    return { page, info: info!.trim(), code: text, name: NAMED.exec(text)?.[1] };
  }),
);

describe("the code blocks of docs/", () => {
  afterAll(() => removeTempProjects());

  it("are each a named module, a generated excerpt or a marked fragment; names are unique", () => {
    const unmarked = blocks.filter(
      (block) =>
        block.name === undefined &&
        block.info !== "generated" &&
        CODE_BLOCK_WRAPPERS[block.info.replace(/^partial=/, "")] === undefined,
    );
    expect(unmarked.map((block) => `${block.page}: ${block.code.split("\n")[0]}`)).toEqual([]);
    const names = blocks.flatMap((block) => (block.name === undefined ? [] : [block.name]));
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThan(10);
  });

  it("name each framework snippet that the packaging tests compile, and those tests read them from docs/frameworks.md", () => {
    const packaging = readFileSync(path.join(root, "packaging/pack-install.test.ts"), "utf8");
    expect(packaging).toContain('new URL("../docs/frameworks.md", import.meta.url)');
    expect(
      blocks.filter((block) => block.name !== undefined && IN_PACKAGING.test(block.name)).map((block) => block.page),
    ).toEqual(Array(11).fill("frameworks.md"));
  });

  it("leave the walkthrough's TypeScript to its tests: the README has none, and getting-started.md's blocks are examples/walkthrough's files", () => {
    const names = (file: string) =>
      [...readFileSync(file, "utf8").matchAll(BLOCK)].map(([, , , code]) => NAMED.exec(code!)?.[1]);
    expect(names(path.join(root, "README.md"))).toEqual([]);
    expect(names(path.join(here, WALKTHROUGH))).toEqual([
      "client-tool-handlers.ts",
      "page-ui.ts",
      "server.ts",
      "page.ts",
    ]);
  });

  it("quote generated code as a committed example's output has it", () => {
    const outputs = readdirSync(path.join(root, "examples"), { recursive: true, encoding: "utf8" })
      .filter((file) => /client-tools\.gen[\\/][^\\/]+\.ts$/.test(file))
      .map((file) => readFileSync(path.join(root, "examples", file), "utf8"));
    const excerpts = blocks.filter((block) => block.info === "generated");
    expect(excerpts.length).toBeGreaterThan(0);
    for (const excerpt of excerpts)
      expect(
        outputs.some((output) => output.includes(excerpt.code.trim())),
        `${excerpt.page}: ${excerpt.code.split("\n")[0]}`,
      ).toBe(true);
  });

  it("type-check, each named module and each fragment in its wrapper, against the runtime package and the generator under strict settings", async () => {
    const modules = blocks.filter((block) => block.name !== undefined && !IN_PACKAGING.test(block.name));
    const fragments = blocks.flatMap((block) =>
      block.info.startsWith("partial=") ? [{ id: block.info.slice("partial=".length), code: block.code }] : [],
    );
    const wrapped = fragments.map(({ id, code }) => {
      const lines = code.split("\n");
      const imports = lines.filter((line) => /^import .* from "[^"]+";(\s*\/\/.*)?$/.test(line));
      const body = lines.filter((line) => !imports.includes(line));
      return {
        id,
        file: `partial-${id}/block.${CODE_BLOCK_WRAPPERS[id]!.jsx === true ? "tsx" : "ts"}`,
        text: [
          ...imports,
          CODE_BLOCK_WRAPPERS[id]!.before,
          "",
          "export async function block() {",
          ...body,
          "}",
          "",
        ].join("\n"),
      };
    });
    const project = tempProject({
      "package.json": { type: "module" },
      "tsconfig.json": {
        compilerOptions: {
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          module: "esnext",
          moduleResolution: "bundler",
          target: "es2022",
          lib: ["es2022", "dom"],
          jsx: "react-jsx",
          noEmit: true,
          skipLibCheck: true,
          types: ["node"],
          paths: {
            "@/*": ["./*"],
            "gen-client-tools": [path.join(root, "generator/index.ts")],
            "gen-client-tools/vite": [path.join(root, "generator/vite/index.ts")],
          },
        },
        files: [...modules.map((block) => block.name), ...wrapped.map((fragment) => fragment.file)],
      },
      ...Object.fromEntries(modules.map((block) => [block.name, block.code])),
      ...Object.fromEntries(wrapped.map((fragment) => [fragment.file, fragment.text])),
    });
    linkRuntime(project);
    for (const name of [
      "redis",
      "@redis",
      "@types",
      "ai",
      "@ai-sdk",
      "vite",
      "ws",
      "openai",
      "@anthropic-ai",
      "@google",
      "@modelcontextprotocol",
      "@ag-ui",
      "@opentelemetry",
      "react",
    ])
      symlinkSync(path.join(root, "node_modules", name), path.join(project, "node_modules", name), "dir");
    const generated = await generate({
      cwd: project,
      in: [path.join(root, "examples/nextjs-ai-sdk/client-tools")],
      out: "client-tools.gen",
      stubs: false,
      validators: true,
    });
    expect(generated.diagnostics).toEqual([]);
    writeGenerated(generated);
    for (const { id } of wrapped) {
      const folder = path.join(project, `partial-${id}`);
      const specs = CODE_BLOCK_WRAPPERS[id]!.specs;
      if (specs.length === 0) continue;
      writeProjectFiles(
        folder,
        Object.fromEntries(
          specs.map((spec) => [`client-tools/${path.basename(spec)}`, readFileSync(path.join(root, spec), "utf8")]),
        ),
      );
      const result = await generate({ cwd: folder, out: "client-tools.gen", stubs: false, validators: true });
      expect(result.diagnostics).toEqual([]);
      writeGenerated(result);
    }
    const tsc = spawnSync(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", project], {
      encoding: "utf8",
    });
    expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
    expect(tsc.stdout + tsc.stderr).toBe("");
  }, 120_000);
});
