import { randomUUID } from "node:crypto";
import { context, metrics, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { AggregationTemporality, MeterProvider, MetricReader, type ResourceMetrics } from "@opentelemetry/sdk-metrics";
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { createClient } from "redis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { suiteRedisUrl } from "../../../test-support/redis-server.js";
import { createClientToolRunner } from "../../client/runner.js";
import { ClientToolRegistry } from "../../registry/registry.js";
import { parseClientToolSpecs } from "../../tool-spec/parse.js";
import type { ClientToolRequest } from "../../wire/messages.js";
import type { ClientCallOutcome } from "../../wire/outcome.js";
import { nextRequest } from "../__fixtures__/next-request.js";
import { ClientCallBroker } from "../broker.js";
import type { ClientCallBrokerOptions } from "../broker-options.js";
import type { DispatchInput } from "../calls/dispatch-input.js";
import { RedisPendingCallStore } from "../stores/redis/redis-store.js";
import { DURATION_BUCKETS_SECONDS, INSTRUMENTATION_NAME } from "./call-telemetry.js";

// The SDK as an app sets it up (what NodeSDK does): a tracer provider, a context manager that
// follows async calls, and a meter provider, all registered globally before the broker is made.
// The broker is given nothing.

class TestMetricReader extends MetricReader {
  protected override async onShutdown(): Promise<void> {}
  protected override async onForceFlush(): Promise<void> {}
}

const spans = new InMemorySpanExporter();
const tracerProvider = new TracerProvider({
  spanProcessors: [new SimpleSpanProcessor({ exporter: spans })],
});
const reader = new TestMetricReader({
  aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE,
});
const meterProvider = new MeterProvider({ readers: [reader] });
beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(tracerProvider);
  metrics.setGlobalMeterProvider(meterProvider);
});
afterAll(async () => {
  trace.disable();
  metrics.disable();
  context.disable();
  await tracerProvider.shutdown();
  await meterProvider.shutdown();
});

const CANARY = "canary-7f3a-never-in-telemetry";
const tools = parseClientToolSpecs([
  {
    name: "get_location",
    description: "The user's city.",
    outputSchema: {
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
    },
    timeoutSeconds: 30,
  },
  {
    name: "ping",
    description: "Answered in time or not at all.",
    outputSchema: { type: "object" },
    timeoutSeconds: 1,
  },
  {
    name: "connect_account",
    description: "Collect a token.",
    parameters: {
      type: "object",
      properties: { service: { type: "string" } },
      required: ["service"],
    },
    privateInput: {
      schema: {
        type: "object",
        properties: { token: { type: "string" } },
        required: ["token"],
      },
      response: { status: "connected" },
    },
  },
]);

const brokers: ClientCallBroker[] = [];
function makeBroker(options: Partial<ClientCallBrokerOptions> = {}): ClientCallBroker {
  const broker = new ClientCallBroker({ tools, ...options });
  brokers.push(broker);
  return broker;
}
afterEach(async () => {
  await Promise.all(brokers.splice(0).map((broker) => broker.close()));
  spans.reset();
});

/** Dispatches a call, and waits until its request is sent. */
async function dispatched(
  broker: ClientCallBroker,
  call: DispatchInput,
): Promise<{ outcome: Promise<ClientCallOutcome>; request: ClientToolRequest }> {
  const sent = nextRequest(broker);
  const outcome = broker.dispatch(call);
  return { outcome, request: await sent };
}

/** The spans ended so far (a span is exported a moment after it ends), of the broker's scope or all. */
async function finishedSpans(scope: string | null = INSTRUMENTATION_NAME): Promise<ReadableSpan[]> {
  await tracerProvider.forceFlush();
  return spans.getFinishedSpans().filter((span) => scope === null || span.instrumentationScope.name === scope);
}
const traceparentOf = (span: ReadableSpan) => `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`;

async function collectedMetrics(): Promise<Map<string, ResourceMetrics["scopeMetrics"][number]["metrics"][number]>> {
  const { resourceMetrics } = await reader.collect();
  const found = resourceMetrics.scopeMetrics
    .filter((scope) => scope.scope.name === INSTRUMENTATION_NAME)
    .flatMap((scope) => scope.metrics);
  return new Map(found.map((metric) => [metric.descriptor.name, metric]));
}

describe("the broker's OpenTelemetry spans and metrics, with nothing given to the broker", () => {
  it("records a dispatched and answered call as one execute_tool span, a child of the span active at dispatch, whose traceparent the client's request carries", async () => {
    const broker = makeBroker();
    const agent = trace.getTracer("the app's agent");
    let request: ClientToolRequest | undefined;
    const outcome = await agent.startActiveSpan("invoke_agent turn", async (turn) => {
      const sent = nextRequest(broker);
      const dispatched = broker.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "get_location",
        toolCallId: "call_1",
        args: { precise: false },
      });
      request = await sent;
      await broker.submit({
        requestId: request.requestId,
        owner: "alice",
        result: { city: "Lyon" },
      });
      const ended = await dispatched;
      turn.end();
      return ended;
    });
    expect(outcome).toEqual({ status: "ok", result: { city: "Lyon" } });

    const turn = (await finishedSpans(null)).find((span) => span.name === "invoke_agent turn")!;
    const recorded = await finishedSpans();
    const call = recorded.find((span) => span.name.startsWith("execute_tool"));
    const answer = recorded.find((span) => span.name.startsWith("client_tool.answer"));
    expect(recorded).toHaveLength(2);
    expect(call!.name).toBe("execute_tool get_location");
    expect(call!.parentSpanContext?.spanId).toBe(turn.spanContext().spanId);
    expect(call!.spanContext().traceId).toBe(turn.spanContext().traceId);
    expect(call!.attributes).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "get_location",
      "gen_ai.tool.call.id": "call_1",
      "gen_ai.tool.type": "function",
      "gen_ai.conversation.id": "c1",
      "gen_client_tools.outcome.status": "ok",
      "gen_client_tools.attempts": 1,
    });
    expect(call!.attributes["gen_client_tools.client.wait_ms"]).toBeGreaterThanOrEqual(0);
    // Neither the arguments nor the result, unless an option asks for them.
    expect(call!.attributes["gen_ai.tool.call.arguments"]).toBeUndefined();
    expect(call!.attributes["gen_ai.tool.call.result"]).toBeUndefined();
    expect(call!.status.code).toBe(0);
    expect(call!.events.map((event) => [event.name, event.attributes])).toEqual([
      ["gen_client_tools.sent", { "gen_client_tools.attempt": 1 }],
    ]);
    expect(request!.traceparent).toBe(traceparentOf(call!));
    // The answer, taken here, is a span of the call's own trace.
    expect(answer!.name).toBe("client_tool.answer get_location");
    expect(answer!.parentSpanContext?.spanId).toBe(call!.spanContext().spanId);
  });

  it("marks a timed-out call's span as an error, and counts it", async () => {
    const broker = makeBroker();
    const before = ((await collectedMetrics()).get("gen_client_tools.calls.ended")?.dataPoints ?? []).length;
    expect(
      await broker.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "ping",
        toolCallId: "call_t",
        args: {},
      }),
    ).toEqual({ status: "timeout", timeoutSeconds: 1 });
    const [call] = await finishedSpans();
    expect(call!.status).toEqual({ code: 2, message: "timeout" });
    expect(call!.attributes).toMatchObject({
      "error.type": "timeout",
      "gen_client_tools.outcome.status": "timeout",
    });

    const found = await collectedMetrics();
    const ended = found.get("gen_client_tools.calls.ended")!.dataPoints;
    expect(ended.length).toBeGreaterThan(before);
    expect(
      ended.find(
        (point) =>
          point.attributes["gen_ai.tool.name"] === "ping" &&
          point.attributes["gen_client_tools.outcome.status"] === "timeout",
      )?.value,
    ).toBe(1);
    const open = found
      .get("gen_client_tools.calls.open")!
      .dataPoints.find((point) => point.attributes["gen_ai.tool.name"] === "ping");
    expect(open?.value).toBe(0);
    const duration = found.get("gen_ai.execute_tool.duration")!;
    expect(duration.descriptor.unit).toBe("s");
    const timedOut = duration.dataPoints.find((point) => point.attributes["gen_ai.tool.name"] === "ping")!.value as {
      count: number;
      sum: number;
    };
    expect(timedOut.count).toBe(1);
    expect(timedOut.sum).toBeGreaterThanOrEqual(0.9);
    // The SDK reads the boundaries the runtime advises: a call of about 1 s lands between 0.64 and 5.12 s, not in the
    // (0, 5] bucket of an SDK's milliseconds.
    const buckets = (timedOut as unknown as { buckets: { boundaries: number[]; counts: number[] } }).buckets;
    expect(buckets.boundaries).toEqual(DURATION_BUCKETS_SECONDS);
    const around = buckets.counts.slice(buckets.boundaries.indexOf(1.28), buckets.boundaries.indexOf(5.12) + 1);
    expect(around.reduce((sum, count) => sum + count, 0)).toBe(1);
  });

  it("records the arguments and the result when asked, and never anything of a private input's value (the canary)", async () => {
    let taken: unknown;
    const broker = makeBroker({
      telemetry: { recordArguments: true, recordResults: true },
      privateInputs: {
        connect_account: async (input) => void (taken = (input as { token: string }).token),
      },
    });
    const { outcome, request } = await dispatched(broker, {
      conversationId: "c1",
      owner: "alice",
      toolName: "connect_account",
      toolCallId: "call_p",
      args: { service: "mail" },
    });
    await broker.submit({
      requestId: request.requestId,
      owner: "alice",
      result: { token: CANARY },
      handlerMs: 12,
    });
    expect(await outcome).toEqual({
      status: "ok",
      result: { status: "connected" },
    });
    expect(taken).toBe(CANARY);

    const location = await dispatched(broker, {
      conversationId: "c1",
      owner: "alice",
      toolName: "get_location",
      toolCallId: "call_l",
      args: { precise: true },
    });
    await broker.submit({
      requestId: location.request.requestId,
      owner: "alice",
      result: { city: "Lyon" },
    });
    await location.outcome;

    const recorded = await finishedSpans();
    const located = recorded.find((span) => span.name === "execute_tool get_location")!;
    expect(located.attributes["gen_ai.tool.call.arguments"]).toBe('{"precise":true}');
    expect(located.attributes["gen_ai.tool.call.result"]).toBe('{"city":"Lyon"}');
    const connected = recorded.find((span) => span.name === "execute_tool connect_account")!;
    expect(connected.attributes["gen_ai.tool.call.arguments"]).toBe('{"service":"mail"}');
    expect(connected.attributes["gen_ai.tool.call.result"]).toBeUndefined();
    const everything = JSON.stringify([
      recorded.map((span) => ({
        name: span.name,
        attributes: span.attributes,
        events: span.events,
        status: span.status,
      })),
      [...(await collectedMetrics()).values()],
    ]);
    expect(everything).toContain("connect_account");
    expect(everything).not.toContain(CANARY);
  });

  it("shows the page's handler time: the runner reports it for a traced request, and the answer's span covers it", async () => {
    const broker = makeBroker();
    const runner = createClientToolRunner({
      handlers: {
        get_location: () => new Promise((resolve) => setTimeout(() => resolve({ city: "Lyon" }), 60)),
      },
      send: (message) =>
        message.type === "client_tool.result"
          ? broker.submit({ ...message, owner: "alice" })
          : broker.fail({ ...message, owner: "alice" }),
    });
    const { outcome, request } = await dispatched(broker, {
      conversationId: "c1",
      owner: "alice",
      toolName: "get_location",
      toolCallId: "call_h",
      args: {},
    });
    await runner.handle(request);
    expect(await outcome).toEqual({ status: "ok", result: { city: "Lyon" } });
    const answer = (await finishedSpans()).find((span) => span.name === "client_tool.answer get_location")!;
    const handlerMs = answer.attributes["gen_client_tools.client.handler_ms"] as number;
    expect(handlerMs).toBeGreaterThanOrEqual(50);
    const [seconds, nanos] = answer.duration;
    expect(seconds * 1000 + nanos / 1e6).toBeGreaterThanOrEqual(handlerMs - 1);
  });

  it("counts a call its tool's recovery policy ended when the client went away, and says so on the call's span", async () => {
    const broker = makeBroker({
      tools: parseClientToolSpecs([
        { name: "pay", description: "Pay.", outputSchema: { type: "object" }, recovery: "settle" },
      ]),
    });
    const { outcome, request } = await dispatched(broker, {
      conversationId: "c1",
      owner: "alice",
      toolName: "pay",
      toolCallId: "call_pay",
      args: {},
    });
    await broker.connectionClosed({ owner: "alice", requestIds: [request.requestId] });
    expect(await outcome).toMatchObject({ status: "unknown_outcome" });
    const [call] = await finishedSpans();
    expect(call!.attributes).toMatchObject({ "gen_client_tools.recovery": "settle", "error.type": "unknown_outcome" });
    const recovered = (await collectedMetrics()).get("gen_client_tools.calls.recovered")!.dataPoints;
    expect(recovered.find((point) => point.attributes["gen_ai.tool.name"] === "pay")).toMatchObject({
      value: 1,
      attributes: { "gen_client_tools.recovery": "settle" },
    });
  });

  it("records nothing and sends no traceparent with telemetry: false", async () => {
    const broker = makeBroker({ telemetry: false });
    const { outcome, request } = await dispatched(broker, {
      conversationId: "c1",
      owner: "alice",
      toolName: "get_location",
      toolCallId: "call_off",
      args: {},
    });
    expect(request.traceparent).toBeUndefined();
    await broker.submit({
      requestId: request.requestId,
      owner: "alice",
      result: { city: "Lyon" },
    });
    await outcome;
    expect(await finishedSpans()).toEqual([]);
  });
});

const url = suiteRedisUrl();
describe.skipIf(url === undefined)("a call dispatched at one instance and answered at another (Redis)", () => {
  it("counts a call past its deadline that a sweep ended (its dispatcher gone), and inspect() shows the sweep", async () => {
    const client = createClient({ url: url! });
    await client.connect();
    const store = new RedisPendingCallStore(client, { keyPrefix: `test:${randomUUID()}:` });
    try {
      const sweeper = makeBroker({ tools: [], store, sweepIntervalMs: 50 });
      // What a dispatcher that died left in the store: a call nobody waits for.
      const request: ClientToolRequest = {
        requestId: "r_swept",
        conversationId: "c1",
        toolName: "orphan",
        toolCallId: "call_o",
        args: {},
        attempt: 1,
        expiresAt: Date.now() + 100,
      };
      await store.open(
        { owner: "alice", request, tool: { outputSchema: "0".repeat(64), timeoutSeconds: 1, maxAttempts: 1 } },
        {},
      );
      // A tool the sweeping instance was not given counts as a client's: metric names stay bounded.
      await vi.waitFor(
        async () =>
          expect(
            (await collectedMetrics())
              .get("gen_client_tools.calls.swept")
              ?.dataPoints.find((point) => point.attributes["gen_ai.tool.name"] === "_client")?.value,
          ).toBe(1),
        { timeout: 5000, interval: 50 },
      );
      expect((await sweeper.inspect({ owner: "alice" })).lastSweep).toMatchObject({ ok: true });
    } finally {
      await Promise.all(brokers.splice(0).map((broker) => broker.close()));
      await store.disconnect();
      await client.close();
    }
  });

  it("gives one trace: the dispatcher's execute_tool span, and the answering instance's span under it", async () => {
    const client = createClient({ url: url! });
    await client.connect();
    const keyPrefix = `test:${randomUUID()}:`;
    const stores = [new RedisPendingCallStore(client, { keyPrefix }), new RedisPendingCallStore(client, { keyPrefix })];
    try {
      const dispatcher = makeBroker({ store: stores[0]! });
      // The answering instance never saw the conversation's tools.
      const answerer = new ClientCallBroker({ tools: [], store: stores[1]! });
      brokers.push(answerer);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { outcome, request } = await dispatched(dispatcher, {
        conversationId: "c1",
        owner: "alice",
        toolName: "get_location",
        toolCallId: "call_r",
        args: {},
      });
      await answerer.submit({
        requestId: request.requestId,
        owner: "alice",
        result: { city: "Lyon" },
      });
      expect(await outcome).toEqual({
        status: "ok",
        result: { city: "Lyon" },
      });
      const call = (await finishedSpans()).find((span) => span.name === "execute_tool get_location")!;
      const answer = (await finishedSpans()).find((span) => span.name === "client_tool.answer get_location")!;
      expect(answer.spanContext().traceId).toBe(call.spanContext().traceId);
      expect(answer.parentSpanContext?.spanId).toBe(call.spanContext().spanId);
      expect(request.traceparent).toBe(traceparentOf(call));
    } finally {
      await Promise.all(brokers.splice(0).map((broker) => broker.close()));
      for (const store of stores) await store.disconnect();
      await client.close();
    }
  });
});

/** The sum of a counter's points whose attributes include `attributes`. */
async function counted(name: string, attributes: Readonly<Record<string, unknown>>): Promise<number> {
  const points = (await collectedMetrics()).get(name)?.dataPoints ?? [];
  return points
    .filter((point) => Object.entries(attributes).every(([key, value]) => point.attributes[key] === value))
    .reduce((sum, point) => sum + (point.value as number), 0);
}

describe("metrics an operator can use", () => {
  it("names the server's own tools and reports every tool a client registered as _client, however many names clients make", async () => {
    const registry = new ClientToolRegistry();
    registry.register(tools.filter((spec) => spec.name === "get_location"));
    const broker = makeBroker({ tools: registry });
    const names = Array.from({ length: 40 }, (_, i) => `client_tool_${randomUUID().slice(0, 8)}_${i}`);
    registry
      .scope("c_many", { owner: "mallory" })
      .register(names.map((name) => ({ name, description: "A client's own.", outputSchema: { type: "object" } })));
    for (const [i, toolName] of [...names, "get_location"].entries()) {
      const conversationId = toolName === "get_location" ? "c_server" : "c_many";
      const { outcome, request } = await dispatched(broker, {
        conversationId,
        owner: "mallory",
        toolName,
        toolCallId: `m${i}`,
        args: {},
      });
      await broker.submit({
        requestId: request.requestId,
        owner: "mallory",
        result: toolName === "get_location" ? { city: "Oslo" } : {},
      });
      await outcome;
    }
    const found = await collectedMetrics();
    for (const metric of ["gen_client_tools.calls.ended", "gen_ai.execute_tool.duration", "gen_client_tools.answers"]) {
      const named = new Set(found.get(metric)!.dataPoints.map((point) => point.attributes["gen_ai.tool.name"]));
      for (const name of names) expect(named.has(name), `${metric} names ${name}`).toBe(false);
      expect(named.has("_client")).toBe(true);
      expect(named.has("get_location")).toBe(true);
    }
  });

  it("records a call dispatched again after it ended once: the second dispatch joins, its span says so, and nothing is counted twice", async () => {
    const broker = makeBroker();
    const ended = () =>
      counted("gen_client_tools.calls.ended", {
        "gen_ai.tool.name": "get_location",
        "gen_client_tools.outcome.status": "ok",
      });
    const before = await ended();
    const call = {
      conversationId: "c_again",
      owner: "alice",
      toolName: "get_location",
      toolCallId: "again_1",
      args: {},
    };
    const { outcome, request } = await dispatched(broker, call);
    await broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Rome" } });
    await outcome;
    expect(await ended()).toBe(before + 1);
    expect(await broker.dispatch(call)).toMatchObject({ status: "ok", result: { city: "Rome" } });
    expect(await ended()).toBe(before + 1);
    const joined = (await finishedSpans()).filter(
      (span) => span.name === "execute_tool get_location" && span.attributes["gen_ai.tool.call.id"] === "again_1",
    );
    expect(joined.map((span) => span.attributes["gen_client_tools.joined"])).toEqual([undefined, true]);
  });

  it("counts the answers taken here and those refused, by status and error: an answer after the end, and one past the owner's count", async () => {
    const broker = makeBroker({ maxAnswersInFlightPerOwner: 2 });
    const accepted = () => counted("gen_client_tools.answers", { "gen_client_tools.answer": "accepted" });
    const refused = (status: number, reason: string) =>
      counted("gen_client_tools.answers", {
        "gen_client_tools.answer": "refused",
        "http.response.status_code": status,
        "error.type": reason,
      });
    const [taken, closed, busy] = [
      await accepted(),
      await refused(409, "ClientCallClosedError"),
      await refused(429, "ClientAnswersBusyError"),
    ];
    const { outcome, request } = await dispatched(broker, {
      conversationId: "c_answers",
      owner: "alice",
      toolName: "get_location",
      toolCallId: "a1",
      args: {},
    });
    await broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Bern" } });
    await outcome;
    await expect(
      broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Bern" } }),
    ).rejects.toThrow();
    const inFlight = [broker.answerInFlight("alice"), broker.answerInFlight("alice"), broker.answerInFlight("alice")];
    inFlight[0]!.add(10);
    inFlight[1]!.add(10);
    expect(() => inFlight[2]!.add(10)).toThrow(/2 answers being taken at once/);
    for (const answer of inFlight) answer.done();
    expect(await accepted()).toBe(taken + 1);
    expect(await refused(409, "ClientCallClosedError")).toBe(closed + 1);
    expect(await refused(429, "ClientAnswersBusyError")).toBe(busy + 1);
  });
});
