import { ClientToolRegistry } from "../../runtime/registry/registry.js";
import { ClientCallBroker, type DispatchInput } from "../../runtime/server.js";
import type { JsonValue } from "../../runtime/util/json.js";
import { sampleValue } from "../corpus/sample-value.js";
import { type Row, row } from "../results.js";
import { pairedRatios, summarize } from "../stats.js";
import { collectGarbage } from "./gc.js";
import type { RuntimeInput } from "./input.js";

export const CALLS_PER_SAMPLE = 5_000;
const OPEN_CALLS = 10_000;
const MEMORY_SAMPLES = 3;

interface AwaitedCall {
  readonly toolName: string;
  readonly args: JsonValue;
  readonly result: JsonValue;
}

/**
 * The awaited round trip in one process, as a server runs it (registry, default in-memory
 * store, real timers): dispatch, the client's answer submitted from the `requested` event,
 * the outcome. Calls cycle over every awaited tool with typical arguments and results, so
 * each result is validated against its own schema (compiled once, in the warm-up).
 *
 * Twice, interleaved: without telemetry (`telemetry: false`, as when `@opentelemetry/api` is not
 * installed: nothing is loaded) and with the API installed and no provider registered, the
 * state of most servers that have it (its no-op tracer and meter).
 */
/** What both round-trip benchmarks run: the registry of the corpus, brokers that answer each call at once, a timed run. */
export function roundTripHarness(input: RuntimeInput) {
  const registry = new ClientToolRegistry();
  registry.register(input.specs);
  const calls: AwaitedCall[] = input.specs
    .filter((spec) => spec.outputSchema !== undefined)
    .map((spec) => ({
      toolName: spec.name,
      args: sampleValue(spec.parameters),
      result: sampleValue(spec.outputSchema!),
    }));
  if (calls.length === 0) throw new Error("the corpus has no awaited tool");
  const byName = new Map(calls.map((call) => [call.toolName, call]));
  const dispatchInput = (i: number): DispatchInput => {
    const call = calls[i % calls.length]!;
    return {
      conversationId: "c1",
      owner: "alice",
      toolName: call.toolName,
      toolCallId: `call_${i}`,
      args: call.args as object,
    };
  };
  const answering = (broker: ClientCallBroker): ClientCallBroker => {
    broker.on("requested", ({ owner, request }) => {
      void broker.submit({
        requestId: request.requestId,
        owner,
        attempt: request.attempt,
        result: byName.get(request.toolName)!.result,
      });
    });
    return broker;
  };
  /** µs per call over `count` calls from `offset`. */
  const run = async (broker: ClientCallBroker, count: number, offset: number): Promise<number> => {
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      const outcome = await broker.dispatch(dispatchInput(offset + i));
      if (outcome.status !== "ok") throw new Error(`a benchmark call ended ${JSON.stringify(outcome)}`);
    }
    return ((performance.now() - started) * 1000) / count;
  };
  const warmUp = (broker: ClientCallBroker) => run(broker, Math.max(2 * calls.length, 2_000), 0);
  return { registry, calls, dispatchInput, answering, run, warmUp };
}

export async function brokerRoundTrip(input: RuntimeInput): Promise<Row[]> {
  const { registry, calls, dispatchInput, answering, run, warmUp } = roundTripHarness(input);
  const untraced = answering(new ClientCallBroker({ tools: registry, telemetry: false }));
  const idle = answering(new ClientCallBroker({ tools: registry }));
  // Every result validator compiled, the JIT settled.
  for (const broker of [untraced, idle]) await warmUp(broker);
  const perCall: number[] = [];
  const perCallIdle: number[] = [];
  for (let s = 0; s < input.samples; s++) {
    perCallIdle.push(await run(idle, CALLS_PER_SAMPLE, s * CALLS_PER_SAMPLE));
    perCall.push(await run(untraced, CALLS_PER_SAMPLE, s * CALLS_PER_SAMPLE));
  }
  await Promise.all([untraced.close(), idle.close()]);

  const memory: number[] = [];
  for (let s = 0; s < MEMORY_SAMPLES; s++) memory.push(await openCallsMegabytes(registry, dispatchInput));

  return [
    row({
      id: "runtime.broker.call",
      what: "runtime: broker dispatch -> submit -> outcome, in process, per call",
      measured: { ...summarize(perCall), unit: "µs" },
      targets: [{ op: "<=", value: 50, unit: "µs", of: "measured" }],
      details: { "awaited tools called": calls.length },
    }),
    row({
      id: "runtime.broker.call.telemetry-idle",
      what: "runtime: the same round trip with @opentelemetry/api installed and no provider registered (ratio: the round trip without it / this)",
      measured: { ...summarize(perCallIdle), unit: "µs" },
      ratio: { ...pairedRatios(perCall, perCallIdle), against: "runtime.broker.call" },
      targets: [{ op: ">=", value: 0.95, unit: "×", of: "ratio" }],
    }),
    row({
      id: "runtime.broker.open-calls",
      what: `runtime: heap of ${OPEN_CALLS.toLocaleString("en-US")} open broker calls (in-memory store, timers)`,
      measured: { ...summarize(memory), unit: "MB" },
      targets: [{ op: "<=", value: 50, unit: "MB", of: "measured" }],
    }),
  ];
}

/** Heap growth, after full collections, from 10,000 dispatched calls nobody answers. */
async function openCallsMegabytes(
  registry: ClientToolRegistry,
  dispatchInput: (i: number) => DispatchInput,
): Promise<number> {
  // One owner holds every call here: the per-owner limit is raised to fit them.
  const broker = new ClientCallBroker({ tools: registry, maxOpenCallsPerOwner: OPEN_CALLS });
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  let requested = 0;
  const allRequested = new Promise<void>((resolve) =>
    broker.on("requested", () => ++requested === OPEN_CALLS && resolve()),
  );
  const outcomes = Array.from({ length: OPEN_CALLS }, (_, i) => broker.dispatch(dispatchInput(i)));
  await allRequested;
  const pending = await broker.pending({ owner: "alice" });
  if (pending.length !== OPEN_CALLS)
    throw new Error(`expected ${OPEN_CALLS} open calls, the broker has ${pending.length}`);
  collectGarbage();
  const megabytes = (process.memoryUsage().heapUsed - before) / 2 ** 20;
  await broker.close();
  await Promise.all(outcomes);
  return megabytes;
}
