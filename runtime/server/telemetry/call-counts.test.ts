import type { Attributes } from "@opentelemetry/api";
import { AggregationTemporality, MeterProvider, MetricReader } from "@opentelemetry/sdk-metrics";
import { afterEach, describe, expect, it } from "vitest";
import { callCountsOf } from "./call-counts.js";

class TestReader extends MetricReader {
  protected override async onShutdown(): Promise<void> {}
  protected override async onForceFlush(): Promise<void> {}
}

const providers: MeterProvider[] = [];
afterEach(async () => {
  await Promise.all(providers.splice(0).map((provider) => provider.shutdown()));
});

function meterWithReader(temporality = AggregationTemporality.CUMULATIVE) {
  // Above the SDK's own limit of 2,000 series per instrument, so that the test sees the counts' bound.
  const reader = new TestReader({
    aggregationTemporalitySelector: () => temporality,
    cardinalitySelector: () => 10_000,
  });
  const provider = new MeterProvider({ readers: [reader] });
  providers.push(provider);
  /** Each data point of the metric, as its attributes and value. */
  const points = async (name: string): Promise<{ attributes: Attributes; value: unknown }[]> => {
    const { resourceMetrics } = await reader.collect();
    const metric = resourceMetrics.scopeMetrics
      .flatMap((scope) => scope.metrics)
      .find((m) => m.descriptor.name === name);
    return (metric?.dataPoints ?? []).map(({ attributes, value }) => ({ attributes, value }));
  };
  return { meter: provider.getMeter("test"), points };
}

describe("the counts behind a broker's counters, read when the SDK collects", () => {
  it("adds up the calls of every broker that records to one meter: open now, ended by outcome, answers taken and refused", async () => {
    const { meter, points } = meterWithReader();
    const [one, two] = [callCountsOf(meter), callCountsOf(meter)];
    expect(two).toBe(one);
    one.opened("get_location");
    two.opened("get_location");
    two.opened("_client");
    expect(await points("gen_client_tools.calls.open")).toEqual([
      { attributes: { "gen_ai.tool.name": "get_location" }, value: 2 },
      { attributes: { "gen_ai.tool.name": "_client" }, value: 1 },
    ]);
    one.closed("get_location");
    one.ended("get_location", "ok");
    two.closed("_client");
    two.ended("_client", "timeout");
    one.accepted("get_location");
    one.refused(409, "ClientCallClosedError");
    one.refused(409, "ClientCallClosedError");
    expect(await points("gen_client_tools.calls.open")).toEqual([
      { attributes: { "gen_ai.tool.name": "get_location" }, value: 1 },
      // Nothing open, and still reported: a counter's sum would read 0 too.
      { attributes: { "gen_ai.tool.name": "_client" }, value: 0 },
    ]);
    expect(await points("gen_client_tools.calls.ended")).toEqual([
      {
        attributes: {
          "gen_ai.tool.name": "get_location",
          "gen_ai.operation.name": "execute_tool",
          "gen_client_tools.outcome.status": "ok",
        },
        value: 1,
      },
      {
        attributes: {
          "gen_ai.tool.name": "_client",
          "gen_ai.operation.name": "execute_tool",
          "gen_client_tools.outcome.status": "timeout",
          "error.type": "timeout",
        },
        value: 1,
      },
    ]);
    expect(await points("gen_client_tools.answers")).toEqual([
      { attributes: { "gen_ai.tool.name": "get_location", "gen_client_tools.answer": "accepted" }, value: 1 },
      {
        attributes: {
          "gen_client_tools.answer": "refused",
          "http.response.status_code": 409,
          "error.type": "ClientCallClosedError",
        },
        value: 2,
      },
    ]);
  });

  it("keeps each meter's counts apart", async () => {
    const first = meterWithReader();
    const second = meterWithReader();
    callCountsOf(first.meter).opened("get_location");
    expect(callCountsOf(second.meter)).not.toBe(callCountsOf(first.meter));
    expect(await first.points("gen_client_tools.calls.open")).toHaveLength(1);
    expect(await second.points("gen_client_tools.calls.open")).toEqual([]);
  });

  it("gives a delta reader what was counted since its last collection", async () => {
    const { meter, points } = meterWithReader(AggregationTemporality.DELTA);
    const counts = callCountsOf(meter);
    counts.ended("get_location", "ok");
    expect((await points("gen_client_tools.calls.ended"))[0]?.value).toBe(1);
    counts.ended("get_location", "ok");
    counts.ended("get_location", "ok");
    expect((await points("gen_client_tools.calls.ended"))[0]?.value).toBe(2);
  });

  it("counts the calls of tools past 4,096 names in one overflow series, so that memory stays bounded", async () => {
    const { meter, points } = meterWithReader();
    const counts = callCountsOf(meter);
    for (let i = 0; i < 4100; i++) counts.opened(`tool_${i}`);
    counts.closed("tool_4099");
    const open = await points("gen_client_tools.calls.open");
    expect(open).toHaveLength(4097);
    expect(open.at(-1)).toEqual({ attributes: { "otel.metric.overflow": true }, value: 3 });
  });
});
