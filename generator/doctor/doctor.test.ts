import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { linkRuntime } from "../../test-support/runtime-package.js";
import { removeTempProjects, tempProject, writeProjectFiles } from "../../test-support/temp-project.js";
import { doctorCommand } from "../cli/doctor.js";
import { generate } from "../generate.js";
import type { GenerateOptions } from "../options/generate-options.js";
import { writeGenerated } from "../write-generated.js";
import { runDoctor } from "./doctor.js";
import type { DoctorFinding } from "./finding.js";

// `gen-client-tools doctor` on fresh projects, each set up as a newcomer's might be: one that is
// right, then one per finding, each found with its fix.

const SPEC = {
  name: "pick_date",
  description: "Ask the user for a date.",
  parameters: {
    type: "object",
    properties: { title: { type: "string" } },
    required: ["title"],
    additionalProperties: false,
  },
  outputSchema: {
    type: "object",
    properties: { date: { type: "string" } },
    required: ["date"],
    additionalProperties: false,
  },
};
const NODE_NEXT = { compilerOptions: { module: "nodenext", moduleResolution: "nodenext", strict: true } };

/**
 * A project as `init` and the README leave it: the runtime a dependency, the CLI a dev
 * dependency, a tsconfig, one spec, and the config file with `options`; `overrides` change any
 * file. Generated as the CLI would, from the config.
 */
async function project(
  overrides: Readonly<Record<string, unknown>> = {},
  options: Omit<GenerateOptions, "cwd"> = {},
): Promise<string> {
  const folder = tempProject({
    "gen-client-tools.config.json": { stubs: false, ...options },
    "package.json": {
      name: "app",
      type: "module",
      dependencies: { "@gen-client-tools/runtime": "0.1.0" },
      devDependencies: { "gen-client-tools": "0.1.0" },
    },
    "node_modules/gen-client-tools/package.json": { name: "gen-client-tools", version: "0.1.0" },
    "tsconfig.json": NODE_NEXT,
    "client-tools/pick_date.json": SPEC,
    ...overrides,
  });
  linkRuntime(folder);
  const result = await generate({ cwd: folder, stubs: false, ...options });
  expect(result.diagnostics).toEqual([]);
  writeGenerated(result);
  return folder;
}

function only(findings: readonly DoctorFinding[]): DoctorFinding {
  expect(findings).toHaveLength(1);
  return findings[0]!;
}

describe("gen-client-tools doctor", () => {
  afterAll(removeTempProjects);

  it("finds nothing in a project set up as the README says", async () => {
    expect(await runDoctor(await project({}, { validators: true }))).toEqual([]);
  });

  it("finds the runtime among devDependencies, and missing altogether", async () => {
    const dev = await project({
      "package.json": {
        type: "module",
        devDependencies: { "@gen-client-tools/runtime": "0.1.0", "gen-client-tools": "0.1.0" },
      },
    });
    expect(only(await runDoctor(dev))).toMatchObject({
      check: "dependencies",
      severity: "problem",
      message: expect.stringContaining("devDependencies"),
      fix: "move it to dependencies: npm install @gen-client-tools/runtime",
    });
    const none = await project({
      "package.json": { type: "module", devDependencies: { "gen-client-tools": "0.1.0" } },
    });
    expect(only(await runDoctor(none))).toMatchObject({
      check: "dependencies",
      fix: "npm install @gen-client-tools/runtime",
    });
  });

  it("warns of the CLI among dependencies, and finds the two packages at different releases", async () => {
    const shipped = await project({
      "package.json": {
        type: "module",
        dependencies: { "@gen-client-tools/runtime": "0.1.0", "gen-client-tools": "0.1.0" },
      },
    });
    expect(only(await runDoctor(shipped))).toMatchObject({
      check: "dependencies",
      severity: "warning",
      fix: "move it to devDependencies: npm install --save-dev gen-client-tools",
    });
    const skewed = await project({
      "node_modules/gen-client-tools/package.json": { name: "gen-client-tools", version: "0.2.0" },
    });
    expect(only(await runDoctor(skewed))).toMatchObject({
      check: "dependencies",
      severity: "problem",
      message: "gen-client-tools 0.2.0 writes code for @gen-client-tools/runtime 0.2, and 0.1.0 is installed",
    });
  });

  it("finds generated imports the tsconfig does not resolve: extensionless under NodeNext, .js under a bundler's resolution", async () => {
    const nodeNext = await project({}, { importExtension: "none" });
    expect(only(await runDoctor(nodeNext))).toMatchObject({
      check: "import style",
      message: expect.stringMatching(/imports "\.\/types", and the project's tsconfig expects "\.\/types\.js"/),
    });
    const bundler = await project(
      { "tsconfig.json": { compilerOptions: { module: "esnext", moduleResolution: "bundler" } } },
      { importExtension: ".js" },
    );
    const finding = only(await runDoctor(bundler));
    expect(finding.message).toMatch(/imports "\.\/types\.js", and the project's tsconfig expects "\.\/types"/);
    expect(finding.fix).toContain('"importExtension": "auto"');
  });

  it("finds two copies of @ag-ui/client beside CopilotKit's, and names the version to install", async () => {
    const npm = await project({
      "node_modules/@ag-ui/client/package.json": { name: "@ag-ui/client", version: "1.0.0" },
      "node_modules/@copilotkit/core/package.json": { name: "@copilotkit/core", version: "1.74.0" },
      "node_modules/@copilotkit/core/node_modules/@ag-ui/client/package.json": {
        name: "@ag-ui/client",
        version: "0.0.59",
      },
    });
    const finding = only(await runDoctor(npm));
    expect(finding.message).toContain(
      "@ag-ui/client is installed 2 times (1.0.0 at node_modules/@ag-ui/client, " +
        "0.0.59 at node_modules/@copilotkit/core/node_modules/@ag-ui/client)",
    );
    expect(finding.fix).toContain("@ag-ui/client version @copilotkit/core depends on");
  });

  it("finds two copies of ai, as npm nests them and as pnpm stores them", async () => {
    const npm = await project({
      "node_modules/ai/package.json": { name: "ai", version: "6.0.326" },
      "node_modules/@ai-sdk/react/package.json": { name: "@ai-sdk/react", version: "3.0.328" },
      "node_modules/@ai-sdk/react/node_modules/ai/package.json": { name: "ai", version: "6.0.325" },
    });
    const finding = only(await runDoctor(npm));
    expect(finding).toMatchObject({ check: "duplicate installs", severity: "problem" });
    expect(finding.message).toContain(
      "ai is installed 2 times (6.0.325 at node_modules/@ai-sdk/react/node_modules/ai, 6.0.326 at node_modules/ai)",
    );
    expect(finding.fix).toContain("npm ls ai");
    const pnpm = await project({
      "node_modules/.pnpm/ai@6.0.325/node_modules/ai/package.json": { name: "ai", version: "6.0.325" },
      "node_modules/.pnpm/ai@6.0.326_zod@4.0.0/node_modules/ai/package.json": { name: "ai", version: "6.0.326" },
    });
    expect(only(await runDoctor(pnpm)).message).toContain("ai is installed 2 times");
    // One copy, wherever it is, is no finding.
    expect(
      await runDoctor(await project({ "node_modules/ai/package.json": { name: "ai", version: "6.0.325" } })),
    ).toEqual([]);
  });

  it("finds generated files that the project's prettier would format otherwise", async () => {
    const folder = await project({ ".prettierrc": { semi: false, singleQuote: true } }, { prettier: false });
    const finding = only(await runDoctor(folder));
    expect(finding).toMatchObject({ check: "prettier", severity: "problem" });
    expect(finding.message).toMatch(/src\/client-tools\.gen\/.*\.ts.* not as the project's prettier formats/);
    // Generated with the project's prettier (the default), they pass.
    expect(await runDoctor(await project({ ".prettierrc": { semi: false, singleQuote: true } }))).toEqual([]);
  });

  it("finds validators whose runtime import does not resolve", async () => {
    const folder = await project({}, { validators: true });
    // The runtime package gone from node_modules, as an app whose install left it out.
    rmSync(path.join(folder, "node_modules/@gen-client-tools/runtime"));
    const findings = await runDoctor(folder);
    expect(findings.map((finding) => finding.check)).toEqual(["validators"]);
    expect(findings[0]!.message).toContain("@gen-client-tools/runtime/validators, which does not resolve");
  });

  it("finds generated code out of date with the specs, and specs with problems", async () => {
    const folder = await project();
    writeProjectFiles(folder, { "client-tools/pick_date.json": { ...SPEC, description: "Ask the user for a day." } });
    expect(only(await runDoctor(folder))).toMatchObject({
      check: "generated code",
      message: expect.stringContaining("out of date"),
      fix: "run gen-client-tools and commit the result",
    });
    rmSync(path.join(folder, "src/client-tools.gen"), { recursive: true });
    expect(only(await runDoctor(folder))).toMatchObject({
      check: "generated code",
      message: "nothing is generated in src/client-tools.gen yet",
      fix: "run gen-client-tools",
    });
    writeFileSync(path.join(folder, "client-tools/pick_date.json"), "{ not json");
    expect(only(await runDoctor(folder))).toMatchObject({
      check: "generated code",
      message: expect.stringMatching(/a run stops on 1 problem, the first in client-tools\/pick_date\.json/),
    });
  });

  it("finds nothing in a project generated with --validators once, as docs/nextjs.md does, and names what changed after", async () => {
    const folder = await project();
    const once = await generate({ cwd: folder, stubs: false, validators: true });
    writeGenerated(once);
    expect(await runDoctor(folder)).toEqual([]);
    writeProjectFiles(folder, {
      "tsconfig.json": { compilerOptions: { module: "esnext", moduleResolution: "bundler", strict: true } },
    });
    const findings = await runDoctor(folder);
    expect(findings.map((finding) => finding.check)).toContain("generated code");
    expect(findings.find((finding) => finding.check === "generated code")!.message).toMatch(
      /^the generated files are out of date: the options changed: importExtension was "\.js", now "" \(from the tsconfig's module resolution/,
    );
  });

  it("finds an import through create-next-app's alias that does not reach the generated code, and nothing once it does", async () => {
    const nextTsconfig = {
      compilerOptions: { module: "esnext", moduleResolution: "bundler", strict: true, paths: { "@/*": ["./*"] } },
    };
    const route = 'import { validators } from "@/client-tools.gen/validators";\nexport const v = validators;\n';
    const folder = await project({ "tsconfig.json": nextTsconfig, "app/api/chat/route.ts": route });
    expect(only(await runDoctor(folder))).toEqual({
      check: "imports",
      severity: "problem",
      message:
        'app/api/chat/route.ts imports "@/client-tools.gen/validators", which resolves in client-tools.gen, ' +
        "but the code is generated in src/client-tools.gen",
      fix:
        'set "out" in gen-client-tools.config.json to "client-tools.gen" (and "stubs" beside it), run ' +
        "gen-client-tools and delete src/client-tools.gen; or change the import",
    });
    const moved = await project(
      { "tsconfig.json": nextTsconfig, "app/api/chat/route.ts": route },
      { out: "client-tools.gen", validators: true },
    );
    expect(await runDoctor(moved)).toEqual([]);
  });

  it("finds a project without a package.json", async () => {
    const folder = await project();
    rmSync(path.join(folder, "package.json"));
    mkdirSync(path.join(folder, "sub"));
    expect((await runDoctor(folder)).map((finding) => finding.message)).toContain("no package.json at . or above");
  });

  it("prints each finding with its fix and exits 1 on a problem, 0 on warnings alone", async () => {
    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((text) => (printed.push(String(text)), true));
    try {
      const shipped = await project({
        "package.json": {
          type: "module",
          dependencies: { "@gen-client-tools/runtime": "0.1.0", "gen-client-tools": "0.1.0" },
        },
      });
      expect(await doctorCommand(shipped, undefined)).toBe(0);
      const dev = await project({
        "package.json": {
          type: "module",
          devDependencies: { "@gen-client-tools/runtime": "0.1.0", "gen-client-tools": "0.1.0" },
        },
      });
      expect(await doctorCommand(dev, undefined)).toBe(1);
    } finally {
      write.mockRestore();
    }
    expect(printed[0]).toMatch(
      /^! dependencies: package\.json has gen-client-tools in dependencies[^\n]*\n {4}fix: move it to devDependencies[^\n]*\ngen-client-tools doctor: 0 problems, 1 warning\n$/,
    );
    expect(printed[1]).toMatch(/^✗ dependencies: [\s\S]*\ngen-client-tools doctor: 1 problem, 0 warnings\n$/);
  });
});
