import { ClientToolRegistry } from "../../runtime/registry/index.js";
import type { ClientToolSpec } from "../../runtime/spec/types.js";
import { row, type Row, type Target } from "../results.js";
import { summarize } from "../stats.js";
import type { RuntimeInput } from "./input.js";

const TARGET: Target = { op: "<=", value: 10, unit: "ms", of: "measured" };

/** Registers the generated specs in a new registry; milliseconds. */
export function registerOnce(specs: readonly ClientToolSpec[]): number {
  const started = performance.now();
  new ClientToolRegistry().register(specs);
  return performance.now() - started;
}

/**
 * The first registration in a process parses every spec and checks its precomputed
 * fingerprints by hashing the schemas; the registry then remembers the (frozen) spec objects,
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

export function repeatRegistration(input: RuntimeInput): Row[] {
  const first = registerOnce(input.specs);
  const samples = Array.from({ length: input.samples }, () => registerOnce(input.specs));
  return [
    row({
      id: `runtime.register.repeat.n${input.specs.length}`,
      what: `runtime: register ${input.specs.length.toLocaleString("en-US")} generated specs, fresh registry, specs seen before in the process`,
      measured: { ...summarize(samples), unit: "ms" },
      ...(input.atTargetSize && { targets: [TARGET] }),
      details: { "first registration in this process (ms)": first },
    }),
  ];
}
