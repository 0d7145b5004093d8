import { exportClientTools, type ExportTarget } from "../../runtime/export/index.js";
import { ClientToolRegistry } from "../../runtime/registry/index.js";
import { row, type Row } from "../results.js";
import { summarize, type Summary } from "../stats.js";
import type { RuntimeInput } from "./input.js";

const TARGETS: readonly ExportTarget[] = ["openai-chat", "openai-responses", "anthropic", "gemini", "mcp", "ag-ui"];
/** Passes over all tools per sample: enough calls that the timer's resolution does not matter. */
const PASSES = 5;

/** `exportClientTools([tool], target)` for each registered tool, per call; the row shows the slowest target. */
export function exportOneTool(input: RuntimeInput): Row[] {
  const tools = new ClientToolRegistry().register(input.specs);
  const perTarget = new Map<ExportTarget, Summary>();
  for (const target of TARGETS) {
    const pass = (): number => {
      const started = performance.now();
      for (let p = 0; p < PASSES; p++) for (const tool of tools) exportClientTools([tool], target);
      return ((performance.now() - started) * 1000) / (PASSES * tools.length);
    };
    pass(); // warm-up
    perTarget.set(target, summarize(Array.from({ length: input.samples }, pass)));
  }
  const [slowest, summary] = [...perTarget].sort((a, b) => b[1].median - a[1].median)[0]!;
  return [
    row({
      id: "runtime.export",
      what: `runtime: export one tool to one target (slowest of ${TARGETS.length} targets: ${slowest})`,
      measured: { ...summary, unit: "µs" },
      targets: [{ op: "<=", value: 5, unit: "µs", of: "measured" }],
      details: Object.fromEntries([...perTarget].map(([target, s]) => [`${target} (µs)`, s.median])),
    }),
  ];
}
