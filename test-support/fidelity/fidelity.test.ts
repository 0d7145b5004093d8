import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "json-schema-to-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../generator/generate.js";
import { writeGenerated } from "../../generator/write-generated.js";
import type { JsonValue } from "../../runtime/util/json.js";
import { compileWithEach, strictTsconfig } from "../compilers.js";
import { linkRuntime } from "../runtime-package.js";
import { removeTempProjects, tempProject } from "../temp-project.js";
import { type AssignmentCase, checkAssignments } from "./assignability.js";
import { fidelityReport, type GroupOutcome, type Outcomes } from "./report.js";
import { exclusionReason } from "./scope.js";
import { DRAFTS, loadSuite, SUITE_FOLDER, type SuiteDraft, type SuiteGroup } from "./suite.js";
import { toolParameters, VALUE } from "./wrap.js";

/**
 * Type fidelity on the official JSON Schema Test Suite: every instance the suite marks valid
 * must be assignable to the type generated for its group (soundness), and how many instances
 * marked invalid the type rejects is counted (precision), beside json-schema-to-typescript's
 * output for the same schemas. Writes docs/fidelity.md (in CI it must already be current).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const REPORT = path.join(root, "docs/fidelity.md");

/** Groups whose type rejects a valid instance, with why that is accepted; none today. */
const KNOWN_UNSOUND: Readonly<Record<string, string>> = {};

const outcomes: Outcomes = { groups: [], excluded: [] };
/** Each draft's generated project, to compile as users do. */
const projects: string[] = [];

// CI has the suite beside the repository; elsewhere (a clone on its own) the test says so and skips.
const haveSuite = existsSync(SUITE_FOLDER);
if (!haveSuite && process.env["CI"]) throw new Error(`the JSON Schema Test Suite is missing at ${SUITE_FOLDER}`);

describe.skipIf(!haveSuite)("type fidelity on the JSON Schema Test Suite", () => {
  afterAll(removeTempProjects);
  beforeAll(async () => {
    for (const draft of DRAFTS) await judgeDraft(draft);
  }, 240_000);

  it("accepts every valid instance of every group in scope (soundness)", () => {
    const unsound = outcomes.groups.filter(
      (g) => g.ours.compiled && g.ours.accepted.some((ok, i) => g.group.tests[i]!.valid && !ok),
    );
    const unexpected = unsound.map(groupId).filter((id) => KNOWN_UNSOUND[id] === undefined);
    expect(unexpected).toEqual([]);
    // Enough of the suite is in scope for the figure to mean something.
    expect(outcomes.groups.length).toBeGreaterThan(450);
  });

  it("compiles under strict with exactOptionalPropertyTypes on and off, with TypeScript 7 and 5.9", () => {
    expect(projects.length).toBe(DRAFTS.length);
    for (const project of projects)
      for (const exactOptionalPropertyTypes of [true, false]) {
        writeFileSync(
          path.join(project, "tsconfig.json"),
          JSON.stringify(strictTsconfig({ exactOptionalPropertyTypes })),
        );
        expect(compileWithEach(project), `exactOptionalPropertyTypes ${exactOptionalPropertyTypes}`).toEqual({
          "TypeScript 7": "",
          "TypeScript 5.9": "",
        });
      }
  }, 120_000);

  it("excludes only with a reason", () => {
    for (const { reason } of outcomes.excluded) expect(reason.length).toBeGreaterThan(10);
  });

  it(`reports both tools side by side in docs/fidelity.md`, () => {
    const report = fidelityReport(outcomes, suiteCommit());
    if (process.env["CI"] !== undefined) {
      expect(
        existsSync(REPORT) ? readFileSync(REPORT, "utf8") : "",
        "docs/fidelity.md is stale: run `npx vitest run test-support/fidelity` and commit it",
      ).toBe(report);
    } else {
      mkdirSync(path.dirname(REPORT), { recursive: true });
      writeFileSync(REPORT, report);
    }
    // json-schema-to-typescript is the reference: it must have been run on the same groups.
    expect(outcomes.groups.every((g) => g.jstt.accepted.length === g.group.tests.length)).toBe(true);
  });
});

function groupId(outcome: { group: SuiteGroup }): string {
  return `${outcome.group.draft}/${outcome.group.keyword}: ${outcome.group.description}`;
}

/** Generates one tool per group in scope (one run), then judges ours and the reference's types (one compile each). */
async function judgeDraft(draft: SuiteDraft): Promise<void> {
  const inScope: SuiteGroup[] = [];
  for (const group of loadSuite(draft)) {
    const reason = exclusionReason(group);
    if (reason === undefined) inScope.push(group);
    else outcomes.excluded.push({ group, reason });
  }
  const specs = inScope.map((group, i) => ({
    name: `t${i}`,
    description: `${group.keyword}: ${group.description}`,
    parameters: toolParameters(group.schema, draft),
  }));

  // Groups the generator refuses (a $ref cycle that never steps into the value, say) are
  // exclusions too, with its message as the reason; the rest generate in one more run.
  const refused = new Map<number, string>();
  for (const d of (
    await generate({ cwd: tempProject({ "client-tools/suite.json": specs }), stubs: false, prettier: false })
  ).diagnostics) {
    const index = Number(/^\/(\d+)\//.exec(d.pointer ?? "")?.[1] ?? Number.NaN);
    if (Number.isNaN(index)) throw new Error(`a diagnostic that names no tool: ${d.message}`);
    if (!refused.has(index)) refused.set(index, `the generator refuses it: ${d.message}`);
  }
  for (const [index, reason] of refused) outcomes.excluded.push({ group: inScope[index]!, reason });
  const kept = inScope.map((group, index) => ({ group, index })).filter(({ index }) => !refused.has(index));
  const cwd = tempProject({
    "package.json": { type: "module" },
    "client-tools/suite.json": kept.map(({ index }) => specs[index]),
  });
  const generated = await generate({ cwd, stubs: false, prettier: false });
  if (generated.diagnostics.length > 0)
    throw new Error(`refused on the second run: ${generated.diagnostics[0]!.message}`);
  const files = Object.fromEntries(generated.files.map((f) => [`/${path.relative(cwd, f.path)}`, f.contents]));
  writeGenerated(generated);
  linkRuntime(cwd);
  projects.push(cwd);
  const instances = (group: SuiteGroup): JsonValue[] => group.tests.map((t) => ({ [VALUE]: t.data }));
  const ours = checkAssignments(
    files,
    ['import type * as G from "./client-tools.gen/index.js";'],
    kept.map(({ group, index }): AssignmentCase => ({ type: `G.T${index}Args`, values: instances(group) })),
  );
  if (ours.otherErrors.length > 0)
    throw new Error(`the generated module does not compile:\n${ours.otherErrors.slice(0, 5).join("\n")}`);

  // json-schema-to-typescript: each group compiled on its own (its raw output, as documented),
  // into a module of its own, since its inner type names would clash across groups.
  const reference: Record<string, string> = {};
  const failed = new Set<number>();
  for (const { group, index } of kept) {
    try {
      const schema = structuredClone(toolParameters(group.schema, draft)) as Parameters<typeof compile>[0];
      reference[`/src/jstt/g${index}.ts`] = await compile(schema, `J${index}`, { bannerComment: "", format: false });
    } catch {
      failed.add(index);
    }
  }
  const compiledByJstt = kept.filter(({ index }) => !failed.has(index));
  const theirs = checkAssignments(
    reference,
    compiledByJstt.map(({ index }) => `import type { J${index} } from "./jstt/g${index}.js";`),
    compiledByJstt.map(({ group, index }): AssignmentCase => ({ type: `J${index}`, values: instances(group) })),
  );
  const broken = new Set(theirs.otherErrors.map((e) => Number(/^\/src\/jstt\/g(\d+)\.ts:/.exec(e)?.[1] ?? Number.NaN)));
  kept.forEach(({ group, index }, k) => {
    const j = compiledByJstt.findIndex((c) => c.index === index);
    const jsttCompiled = j !== -1 && !broken.has(index);
    const outcome: GroupOutcome = {
      group,
      ours: { compiled: true, accepted: ours.accepted[k]! },
      jstt: { compiled: jsttCompiled, accepted: jsttCompiled ? theirs.accepted[j]! : group.tests.map(() => false) },
    };
    outcomes.groups.push(outcome);
  });
}

function suiteCommit(): string {
  const source = readFileSync(path.join(SUITE_FOLDER, "SOURCE.md"), "utf8");
  return /commit ([0-9a-f]{7,40})/.exec(source)?.[1] ?? "unknown";
}
