import { type ExportTarget, exportClientTools } from "../../runtime/export/export-client-tools.js";
import { ClientToolRegistry } from "../../runtime/registry/registry.js";
import { type Row, row } from "../results.js";
import { summarize } from "../stats.js";
import type { RuntimeInput } from "./input.js";

/** Exporting reads every tool's spec, which is what makes a deferred tool check itself. */
const TARGET: ExportTarget = "openai-chat";

/**
 * What a registration of generated specs puts off: the first use of each tool checks its spec
 * deep and hashes its schemas against the precomputed fingerprints. Here the first use is an
 * export of every tool to one target, right after `registered` registered them (the first
 * registration of the process): reported beside the registration rows, so the cost that moved
 * is shown, not hidden. That first export is one sample per process (a detail); the measured
 * samples re-register fresh deep-frozen copies of the specs, which nothing has verified, so each
 * pays the whole deferred cost again, though with the JIT warm.
 */
export function firstUseRow(input: RuntimeInput, registered: ClientToolRegistry): Row {
  const firstInProcess = exportAll(registered);
  const verified = exportAll(registered);
  const samples = Array.from({ length: input.samples }, () => {
    const registry = new ClientToolRegistry();
    registry.register(deepFreeze(structuredClone(input.specs)));
    return exportAll(registry);
  });
  const tools = input.specs.length.toLocaleString("en-US");
  return row({
    id: `runtime.register.first-use.n${input.specs.length}`,
    what: `runtime: first use of ${tools} tools after their deferred registration (export all to ${TARGET}: spec checks + hashing), fresh spec objects`,
    measured: { ...summarize(samples), unit: "ms" },
    details: {
      "first in the process, right after the first registration (ms)": firstInProcess,
      "the same export once verified (ms)": verified,
    },
  });
}

function exportAll(registry: ClientToolRegistry): number {
  const started = performance.now();
  exportClientTools(registry.list(), TARGET);
  return performance.now() - started;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}
