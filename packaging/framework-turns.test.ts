import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packPackages, sh, strictTsconfig } from "../test-support/packed-packages.js";
import { removeTempProjects, tempProject } from "../test-support/temp-project.js";

// Each framework as a team wires it from the packed tarballs into a fresh project, as
// docs/frameworks.md shows (its route snippets run as written), with scripted models: three turns
// of a fire-and-forget and an awaited call (the third's arguments refused), then an approval
// granted and one denied. Each scenario runs in a child process and reports what the handlers ran
// and what the model read (packaging/framework-turns/*.fixture.ts).

const FRAMEWORKS = [
  "ai@6.0.325",
  "@modelcontextprotocol/sdk@1.32.2",
  "@ag-ui/core@1.0.0",
  "@ag-ui/client@1.0.0",
  "@openai/agents@0.20.0",
  "openai@6.49.0",
  "zod@4.6.7",
  "@langchain/core@1.4.0",
  "@langchain/langgraph@1.7.3",
  "langchain@1.5.14",
  "@tanstack/ai@0.58.0",
  "@tanstack/ai-client@0.33.2",
  "rxjs@7.8.1",
  "typescript@7.0.2",
];
const SCENARIOS = ["ai-sdk", "openai-agents", "langchain", "tanstack-ai", "ag-ui", "mcp"] as const;
const SNIPPETS = ["with-ai-sdk-server.ts", "with-langchain.ts", "with-tanstack-ai.ts"];
// CopilotKit's core depends on @ag-ui/client 0.0.59 exactly, which a custom agent must extend (docs/frameworks.md).
const COPILOTKIT = ["@copilotkit/core@1.74.0", "@ag-ui/client@0.0.59", "rxjs@7.8.1", "zod@4.6.7", "typescript@7.0.2"];

const fixture = (name: string) =>
  readFileSync(new URL(`./framework-turns/${name}.fixture.ts`, import.meta.url), "utf8");

let packed: { readonly tarball: string; readonly runtimeTarball: string };
beforeAll(() => {
  packed = packPackages();
}, 120_000);
afterAll(removeTempProjects, 120_000);

/** A fresh project with the two tools, the scenarios and snippets in src/, the packages installed, generated and compiled. */
function scenarioProject(
  scenarios: readonly string[],
  snippetNames: readonly string[],
  packages: readonly string[],
): string {
  const docs = readFileSync(new URL("../docs/frameworks.md", import.meta.url), "utf8");
  const snippets = Object.fromEntries(
    [...docs.matchAll(/```ts\n\/\/ (with-[\w-]+\.ts)\n([\s\S]*?)```/g)]
      .filter(([, name]) => snippetNames.includes(name!))
      .map(([, name, code]) => [`src/${name}`, code]),
  );
  expect(Object.keys(snippets).sort()).toEqual(snippetNames.map((name) => `src/${name}`));
  const project = tempProject({
    "package.json": { name: "framework-turns", private: true, type: "module" },
    "gen-client-tools.config.json": { validators: true, stubs: false },
    "client-tools/notify.json": {
      name: "notify",
      description: "Show the user a notice.",
      parameters: {
        type: "object",
        properties: { text: { type: "string" }, level: { enum: ["info", "warning"] } },
        required: ["text", "level"],
        additionalProperties: false,
      },
    },
    "client-tools/pick_date.json": {
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
    },
    "tsconfig.json": strictTsconfig({ skipLibCheck: true, rootDir: "src", outDir: "dist" }),
    "src/page.ts": fixture("page"),
    ...Object.fromEntries(scenarios.map((name) => [`src/${name}.ts`, fixture(name)])),
    ...snippets,
    "run.mjs": `const { scenario } = await import(\`./dist/\${process.argv[2]}.js\`);
console.log(JSON.stringify(await scenario()));
`,
  });
  const install = sh(
    project,
    "npm",
    ["install", packed.runtimeTarball, packed.tarball, ...packages, "--prefer-offline", "--no-audit", "--no-fund"],
    400_000,
  );
  expect(install.status, install.stderr).toBe(0);
  const generate = sh(project, "npx", ["--no", "--", "gen-client-tools"]);
  expect(generate.status, generate.stderr).toBe(0);
  const tsc = sh(project, "npx", ["--no", "--", "tsc"], 120_000);
  expect(tsc.stdout + tsc.stderr).toBe("");
  return project;
}

interface Report {
  readonly ran: readonly string[];
  readonly modelRead: Readonly<Record<string, string>>;
  readonly approval?: { readonly beforeDecision: readonly string[]; readonly afterApproval: readonly string[] };
}

/** Runs a scenario in a child process and checks what it reports: each call once, the reasons, the approval. */
function checkScenario(project: string, framework: string, approvals: boolean): void {
  const child = sh(project, process.execPath, ["run.mjs", framework], 120_000);
  expect(child.status, child.stderr).toBe(0);
  const report = JSON.parse(child.stdout.trim().split("\n").at(-1)!) as Report;
  const times = (id: string) => report.ran.filter((ran) => ran === id).length;
  // Every call of the first two turns ran exactly once; no call ran twice; refused ones never.
  for (const id of ["n1", "p1", "n2", "p2"]) expect(times(id), id).toBe(1);
  expect(new Set(report.ran).size).toBe(report.ran.length);
  expect(report.ran).not.toContain("n3");
  expect(report.ran).not.toContain("p3");
  expect(report.modelRead["n1"]).toBe("Tool call dispatched to client.");
  expect(report.modelRead["p1"]).toContain("First: 2026-12-24");
  expect(report.modelRead["p2"]).toContain("Second: 2026-12-24");
  // The reasons name the pointer and what is wrong there: the enum's values, the extra property.
  expect(report.modelRead["n3"]).toMatch(/\/level must be equal to one of the allowed values: "info", "warning"/);
  expect(report.modelRead["p3"]).toMatch(/must NOT have additional properties: "colour"/);
  if (!approvals) return;
  const { beforeDecision, afterApproval } = report.approval!;
  expect(beforeDecision).not.toContain("n4");
  expect(afterApproval).toContain("n4");
  expect(times("n4")).toBe(1);
  expect(report.ran).not.toContain("n5");
}

describe("each framework from the packed tarballs, over turns as the docs wire it", () => {
  let project: string;
  beforeAll(() => {
    project = scenarioProject(SCENARIOS, SNIPPETS, FRAMEWORKS);
  }, 600_000);
  for (const framework of SCENARIOS) {
    const approvals = framework !== "mcp";
    it(`${framework}: each call runs once, the model reads each result and why a call was refused${approvals ? ", and an approval holds its call" : ""}`, () =>
      checkScenario(project, framework, approvals));
  }
});

describe("CopilotKit's core from the packed tarballs, over turns", () => {
  let project: string;
  beforeAll(() => {
    project = scenarioProject(["copilotkit"], [], COPILOTKIT);
  }, 600_000);
  it("copilotkit: each call runs once, the model reads each result and why a call was refused, and an approval holds its call", () =>
    checkScenario(project, "copilotkit", true));
});
