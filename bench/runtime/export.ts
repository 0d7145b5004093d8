import { type ExportTarget, exportClientTools } from "../../runtime/export/export-client-tools.js";
import { ClientToolRegistry } from "../../runtime/registry/registry.js";
import { type Row, row } from "../results.js";
import { type Summary, summarize } from "../stats.js";
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

/**
 * `exportClientTools(allTools, "openai-responses", { strict: "compile" })` over fresh spec objects
 * (each sample registers its own copies, so every variant is derived again), and again over the
 * same tools, where each tool's variant is known.
 */
export function exportCompiled(input: RuntimeInput): Row[] {
  const fresh = () => new ClientToolRegistry().register(JSON.parse(JSON.stringify(input.specs)) as object[]);
  const timed = (tools: ReturnType<typeof fresh>) => {
    const started = performance.now();
    const exported = exportClientTools(tools, "openai-responses", { strict: "compile" });
    return { ms: performance.now() - started, exported };
  };
  timed(fresh()); // warm-up
  const cold: number[] = [];
  const again: number[] = [];
  let compiled = 0;
  let strict = 0;
  for (let s = 0; s < input.samples; s++) {
    const tools = fresh();
    // Registered specs are verified on first use: that is not the compiler's time.
    exportClientTools(tools, "openai-responses");
    const first = timed(tools);
    cold.push(first.ms);
    again.push(timed(tools).ms);
    compiled = first.exported.compiled.length;
    strict = first.exported.tools.filter((tool) => tool.strict).length;
  }
  return [
    row({
      id: `runtime.export.compile.n${input.specs.length}`,
      what: `runtime: export ${input.specs.length.toLocaleString("en-US")} tools to openai-responses with strict: "compile", each variant derived afresh`,
      measured: { ...summarize(cold), unit: "ms" },
      details: {
        "strict variants compiled": compiled,
        "tools exported strict (as they are or compiled)": strict,
        "the same export again, variants known (ms)": summarize(again).median,
      },
    }),
  ];
}
