import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TINY_PLAN } from "./__fixtures__/tiny-plan.js";
import { describeMachine } from "./machine.js";
import { builtBenchScript } from "./paths.js";
import { benchmarksMarkdown } from "./report/markdown.js";
import type { BenchResults, Row } from "./results.js";
import { BENCHMARKS } from "./suites/index.js";
import { Workspace } from "./workspace.js";

// Every benchmark of the quick mode, at 10 tools and one run each: the harness must keep
// working as the generator and runtime change. Only the shape of the results is checked,
// never a timing. Child processes run the built dist/ (npm test builds first).

const STATUSES: readonly Row["status"][] = ["pass", "miss", "info"];

let workspace: Workspace;
beforeAll(() => {
  if (!existsSync(builtBenchScript("runtime/worker.js")))
    throw new Error("dist/bench is missing: run `npm run build` before these tests");
  workspace = new Workspace(1);
});
afterAll(() => workspace.dispose());

describe("the benchmark harness, quick mode at 10 tools", () => {
  const rows: Row[] = [];

  for (const benchmark of BENCHMARKS) {
    // The Redis store's rows need a redis-server (.ci/run starts one and sets GCT_REDIS_URL).
    const skip =
      (benchmark.name === "redis" || benchmark.name === "deployment") && process.env["GCT_REDIS_URL"] === undefined;
    it.skipIf(skip)(`${benchmark.name} runs and returns well-formed rows`, { timeout: 300_000 }, async () => {
      const produced = await benchmark.run({ plan: TINY_PLAN, workspace, log: () => undefined });
      expect(produced.length).toBeGreaterThan(0);
      for (const r of produced) {
        expect(r.id).toMatch(/^[a-z0-9.-]+$/);
        expect(STATUSES).toContain(r.status);
        const { median, min, max, runs } = r.measured;
        expect([median, min, max].every(Number.isFinite), r.id).toBe(true);
        expect(min <= median && median <= max, r.id).toBe(true);
        expect(runs).toBeGreaterThan(0);
        if (r.ratio !== undefined) expect(r.ratio.median).toBeGreaterThan(0);
        for (const value of Object.values(r.details))
          if (typeof value === "number") expect(Number.isNaN(value), `${r.id} details`).toBe(false);
        expect(r.problems ?? [], r.id).toEqual([]);
      }
      rows.push(...produced);
    });
  }

  it("renders BENCHMARKS.md with one table line per row", () => {
    const results: BenchResults = {
      date: "2026-01-01T00:00:00.000Z",
      mode: "quick",
      machine: describeMachine(),
      load: { start: [0, 0, 0], end: [0, 0, 0] },
      corpus: { seed: 1, sizes: [] },
      rows,
      crashes: [],
      seconds: 1,
    };
    const markdown = benchmarksMarkdown(results, { reading: "## How to read", findings: "## Findings" });
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    for (const r of rows) expect(markdown).toContain(`| ${r.what.replace(/\|/g, "\\|")} |`);
  });
});
