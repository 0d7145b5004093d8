import * as openTelemetry from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClientToolAnswerMessage, ClientToolRequest } from "../wire/messages.js";
import { createClientToolRunner } from "./runner.js";
import { traceClientToolHandlers } from "./runner-tracing.js";

// A page that traces, as `traceClientToolHandlers` takes it: the API's module itself,
// with a provider registered (in a browser, a WebTracerProvider; the same API here).
const spans = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: spans })] });
beforeAll(() => {
  openTelemetry.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  openTelemetry.trace.setGlobalTracerProvider(provider);
});
afterAll(async () => {
  openTelemetry.trace.disable();
  openTelemetry.context.disable();
  await provider.shutdown();
});

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const request = (overrides: Partial<ClientToolRequest>): ClientToolRequest => ({
  requestId: "r1",
  conversationId: "c1",
  toolName: "get_location",
  toolCallId: "call_1",
  args: {},
  attempt: 1,
  expiresAt: Date.now() + 30_000,
  traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01`,
  ...overrides,
});

describe("the runner with the page's OpenTelemetry", () => {
  it("runs a traced call's handler in a span of the call's trace, active while it runs; a failing one is an error span", async () => {
    const sent: ClientToolAnswerMessage[] = [];
    const activeInHandler: (string | undefined)[] = [];
    const runner = createClientToolRunner({
      handlers: {
        get_location: async () => {
          activeInHandler.push(openTelemetry.trace.getActiveSpan()?.spanContext().spanId);
          return { city: "Lyon" };
        },
        fail: async () => {
          throw new Error("off");
        },
      },
      send: (message) => void sent.push(message),
      trace: traceClientToolHandlers(openTelemetry),
    });
    await runner.handle(request({}));
    await runner.handle(request({ requestId: "r2", toolName: "fail", toolCallId: "call_2" }));
    // Without a traceparent, no span.
    const { traceparent: _, ...untraced } = request({ requestId: "r3" });
    await runner.handle(untraced);
    await provider.forceFlush();

    const [handled, failed] = spans.getFinishedSpans();
    expect(spans.getFinishedSpans()).toHaveLength(2);
    expect(handled!.name).toBe("client_tool.handler get_location");
    expect(handled!.spanContext().traceId).toBe(TRACE_ID);
    expect(handled!.parentSpanContext?.spanId).toBe("00f067aa0ba902b7");
    expect(handled!.attributes).toEqual({
      "gen_ai.tool.name": "get_location",
      "gen_ai.tool.call.id": "call_1",
      "gen_client_tools.attempt": 1,
    });
    expect(activeInHandler).toEqual([handled!.spanContext().spanId, undefined]);
    expect(failed!.status).toEqual({ code: 2, message: "Error" });
    expect(sent.map((message) => message.type)).toEqual([
      "client_tool.result",
      "client_tool.error",
      "client_tool.result",
    ]);
  });
});
