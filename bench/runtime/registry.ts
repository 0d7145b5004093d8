import { ClientToolRegistry } from "../../runtime/registry/registry.js";
import type { ClientToolSpec } from "../../runtime/tool-spec/types.js";
import { type Row, row, type Target } from "../results.js";
import { summarize } from "../stats.js";
import { firstUseRow } from "./first-use.js";
import type { RuntimeInput } from "./input.js";

const TARGET: Target = { op: "<=", value: 10, unit: "ms", of: "measured" };

/** Registers the generated specs in a new registry; milliseconds. */
export function registerOnce(specs: readonly ClientToolSpec[]): number {
  return timedRegistration(specs).ms;
}

function timedRegistration(specs: readonly ClientToolSpec[]): { registry: ClientToolRegistry; ms: number } {
  const started = performance.now();
  const registry = new ClientToolRegistry();
  registry.register(specs);
  return { registry, ms: performance.now() - started };
}

/**
 * The first registration in a process checks what it can without walking the schemas (the
 * specs are frozen and carry fingerprints) and leaves the deep checks and the hashing to each
 * tool's first use (see first-use.ts for that cost); the registry remembers the spec objects,
 * so every later registration of the same specs, in a fresh registry, is a lookup. The first
 * is measured by the caller, one fresh process per sample.
 */
export function firstRegistrationRow(tools: number, atTargetSize: boolean, samples: readonly number[]): Row {
  return row({
    id: `runtime.register.first.n${tools}`,
    what: `runtime: register ${tools.toLocaleString("en-US")} generated (pre-fingerprinted) specs, first time in a process`,
    measured: { ...summarize(samples), unit: "ms" },
    ...(atTargetSize && { targets: [TARGET] }),
  });
}

/** Run in a fresh process: its first registration is also measured, and then the first use of those tools. */
export function repeatRegistration(input: RuntimeInput): Row[] {
  const { registry, ms: first } = timedRegistration(input.specs);
  const firstUse = firstUseRow(input, registry);
  const samples = Array.from({ length: input.samples }, () => registerOnce(input.specs));
  return [
    row({
      id: `runtime.register.repeat.n${input.specs.length}`,
      what: `runtime: register ${input.specs.length.toLocaleString("en-US")} generated specs, fresh registry, specs seen before in the process`,
      measured: { ...summarize(samples), unit: "ms" },
      ...(input.atTargetSize && { targets: [TARGET] }),
      details: { "first registration in this process (ms)": first },
    }),
    firstUse,
  ];
}
