import { parsePartialJson } from "ai";
import { parse as bestEffortParse } from "best-effort-json-parser";
import { parse as partialJsonParse } from "partial-json";
import { createClientToolCallStreams } from "../../runtime/client/call-streams.js";
import { createPartialJsonParser } from "../../runtime/client/partial-json.js";
import { sampleValue } from "../corpus/sample-value.js";
import { type Row, row } from "../results.js";
import { pairedRatios, summarize } from "../stats.js";
import type { RuntimeInput } from "./input.js";

/** The one tool whose call the call states follow. */
interface BenchTools {
  readonly bench_tool: {
    readonly kind: "ClientAction_bench_tool";
    readonly mode: "awaited";
    readonly args: unknown;
    readonly result: unknown;
    readonly action: { readonly kind: "ClientAction_bench_tool" };
  };
}

const ARGUMENT_BYTES = 100_000;
const DELTAS = 1_000;
const ROUNDS = 3;

/**
 * A 100 KB argument (the corpus tools' typical arguments, one after another in an array) arriving
 * in 1,000 deltas, read after each one as a card rendering it would: this parser pushes each delta;
 * `partial-json`, `best-effort-json-parser` and the AI SDK's `parsePartialJson` (repair, then
 * JSON.parse) take the whole text so far each time, as they are used. The call states
 * (`createClientToolCallStreams`) add to the parser what a card needs: a new value per delta, and
 * the schema looked up for the part being read. Total time per argument, interleaved round by
 * round, three rounds.
 */
export async function partialJsonThroughput(input: RuntimeInput): Promise<Row[]> {
  const values: unknown[] = [];
  let text = "[]";
  for (let i = 0; text.length < ARGUMENT_BYTES; i++) {
    values.push(sampleValue(input.specs[i % input.specs.length]!.parameters));
    if (i % 50 === 0) text = JSON.stringify(values);
  }
  text = JSON.stringify(values);
  const size = Math.ceil(text.length / DELTAS);
  const deltas = Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
  const prefixes = deltas.map((_, i) => text.slice(0, (i + 1) * size));

  // The argument's schema: an array of the corpus tools' arguments, any of them.
  const specs = [
    { name: "bench_tool", parameters: { type: "array", items: { anyOf: input.specs.map((spec) => spec.parameters) } } },
  ];
  const contenders = {
    ours: async () => {
      const parser = createPartialJsonParser();
      for (const delta of deltas) parser.push(delta);
      return parser.end();
    },
    "call states": async () => {
      const streams = createClientToolCallStreams<BenchTools>({ specs });
      for (const delta of deltas) streams.append("c1", "bench_tool", delta);
      const state = streams.finish("c1");
      return state?.status === "input-available" ? state.args : undefined;
    },
    "partial-json": async () => prefixes.map((prefix) => partialJsonParse(prefix)).at(-1),
    "best-effort-json-parser": async () => prefixes.map((prefix) => bestEffortParse(prefix)).at(-1),
    "ai parsePartialJson": async () => {
      let last: unknown;
      for (const prefix of prefixes) last = (await parsePartialJson(prefix)).value;
      return last;
    },
  };
  const expected = JSON.stringify(JSON.parse(text));
  const samples: Record<keyof typeof contenders, number[]> = {
    ours: [],
    "call states": [],
    "partial-json": [],
    "best-effort-json-parser": [],
    "ai parsePartialJson": [],
  };
  for (let i = 0; i < 5; i++) await contenders.ours(), await contenders["call states"](); // the JIT settled; each anchor's round takes seconds, its own warm-up
  // The anchors read the text again at each delta (seconds a round): three rounds.
  for (let round = 0; round < Math.min(input.samples, ROUNDS); round++) {
    for (const [name, run] of Object.entries(contenders) as [keyof typeof contenders, () => Promise<unknown>][]) {
      const started = performance.now();
      const value = await run();
      const ms = performance.now() - started;
      if (JSON.stringify(value) !== expected) throw new Error(`${name} did not end with the argument's value`);
      samples[name].push(ms);
    }
  }
  const anchors = (["partial-json", "best-effort-json-parser", "ai parsePartialJson"] as const).map((name) => ({
    name,
    median: summarize(samples[name]).median,
  }));
  const fastest = anchors.reduce((a, b) => (b.median < a.median ? b : a));
  return [
    row({
      id: "runtime.partial-json.stream",
      what: `runtime: a ${Math.round(text.length / 1000)} KB tool argument in ${deltas.length} deltas, read after each (createPartialJsonParser; ratio: the fastest anchor, ${fastest.name}, / this)`,
      measured: { ...summarize(samples.ours), unit: "ms" },
      ratio: { ...pairedRatios(samples[fastest.name], samples.ours), against: fastest.name },
      targets: [{ op: ">=", value: 20, unit: "×", of: "ratio" }],
      details: Object.fromEntries(anchors.map((anchor) => [`${anchor.name}, median (ms)`, Math.round(anchor.median)])),
    }),
    row({
      id: "runtime.call-states.stream",
      what: `runtime: the same argument as a call's states, a new value per delta with its final parts shared, the schema looked up for the part being read (createClientToolCallStreams; ratio: ${fastest.name} / this)`,
      measured: { ...summarize(samples["call states"]), unit: "ms" },
      ratio: { ...pairedRatios(samples[fastest.name], samples["call states"]), against: fastest.name },
      targets: [{ op: ">=", value: 20, unit: "×", of: "ratio" }],
    }),
  ];
}
