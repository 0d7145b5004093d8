import { context, metrics, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { MeterProvider, MetricReader } from "@opentelemetry/sdk-metrics";
import { BatchSpanProcessor, type SpanExporter, TracerProvider } from "@opentelemetry/sdk-trace";
import { ClientCallBroker } from "../../runtime/server.js";
import { type Row, row } from "../results.js";
import { pairedRatios, summarize } from "../stats.js";
import { CALLS_PER_SAMPLE, roundTripHarness } from "./broker.js";
import type { RuntimeInput } from "./input.js";

/** Takes every batch of spans and drops it: what a collector costs the process is not the broker's. */
const droppingExporter: SpanExporter = {
  export: (_spans, done) => done({ code: 0 }),
  shutdown: async () => {},
};

class QuietReader extends MetricReader {
  protected override async onShutdown(): Promise<void> {}
  protected override async onForceFlush(): Promise<void> {}
}

/**
 * The round trip with an OpenTelemetry SDK registered as NodeSDK registers one (a context manager
 * that follows async calls, a tracer provider batching every span, a meter provider), against the
 * broker with `telemetry: false`, interleaved in one process: what recording each call costs.
 */
export async function brokerRoundTripWithSdk(input: RuntimeInput): Promise<Row[]> {
  const { registry, answering, run, warmUp } = roundTripHarness(input);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const tracerProvider = new TracerProvider({
    spanProcessors: [new BatchSpanProcessor({ exporter: droppingExporter })],
  });
  const meterProvider = new MeterProvider({ readers: [new QuietReader()] });
  trace.setGlobalTracerProvider(tracerProvider);
  metrics.setGlobalMeterProvider(meterProvider);
  const untraced = answering(new ClientCallBroker({ tools: registry, telemetry: false }));
  const recorded = answering(new ClientCallBroker({ tools: registry }));
  for (const broker of [untraced, recorded]) await warmUp(broker);
  const perCall: number[] = [];
  const perCallSdk: number[] = [];
  for (let s = 0; s < input.samples; s++) {
    perCallSdk.push(await run(recorded, CALLS_PER_SAMPLE, s * CALLS_PER_SAMPLE));
    perCall.push(await run(untraced, CALLS_PER_SAMPLE, s * CALLS_PER_SAMPLE));
  }
  await Promise.all([untraced.close(), recorded.close()]);
  await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
  return [
    row({
      id: "runtime.broker.call.telemetry-sdk",
      what: "runtime: the same round trip with an OpenTelemetry SDK recording every call's span and metrics (ratio: the round trip without telemetry / this, in the same process)",
      measured: { ...summarize(perCallSdk), unit: "µs" },
      ratio: { ...pairedRatios(perCall, perCallSdk), against: "runtime.broker.call" },
      targets: [{ op: ">=", value: 0.65, unit: "×", of: "ratio" }],
    }),
  ];
}
