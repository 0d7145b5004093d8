import type { Attributes, Counter, Histogram, Span, Tracer } from "@opentelemetry/api";
import type { ClientToolRequest } from "../../wire/messages.js";
import type { ClientCallOutcome } from "../../wire/outcome.js";
import { formatTraceparent, parseTraceparent } from "../../wire/traceparent.js";
import { type CallCounts, callCountsOf } from "./call-counts.js";
import type { CallTrace } from "./call-trace.js";
import { FAILED, metricAttributes } from "./metric-attributes.js";
import type { OpenTelemetryApi } from "./open-telemetry.js";
import type { ClientCallTelemetryOptions } from "./telemetry-options.js";

/** The instrumentation scope: the tracer's and the meter's name. */
export const INSTRUMENTATION_NAME = "@gen-client-tools/runtime";

/**
 * The GenAI semantic conventions' boundaries for durations in seconds: an SDK's default buckets
 * are for milliseconds (0 to 10,000), which put every call from 0.03 s to 20 s in one.
 */
export const DURATION_BUCKETS_SECONDS = [
  0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92,
];

interface CallFacts {
  readonly toolName: string;
  readonly toolCallId: string;
  readonly conversationId: string;
  readonly args: unknown;
}

/** The instruments every call records to. */
interface Instruments {
  readonly api: OpenTelemetryApi;
  readonly options: ClientCallTelemetryOptions;
  readonly counts: CallCounts;
  readonly duration: Histogram;
  readonly approval: Histogram;
  /** The name a tool's metrics carry (`_client` for every tool a client registered). */
  readonly metricName: (toolName: string) => string;
  /** Metric attributes, made once per tool (and outcome): no allocation per call. */
  readonly attributes: (toolName: string, status?: ClientCallOutcome["status"] | "accepted") => Attributes;
}

/**
 * Spans and metrics of a broker's calls, through the global tracer and meter providers, after
 * OpenTelemetry's semantic conventions for GenAI tool execution. Without a provider registered,
 * the API's no-op tracer and meter make each of these a few empty calls. Register the meter
 * provider before the broker is made: the API hands out meters without a proxy.
 */
export class CallTelemetry {
  readonly #instruments: Instruments;
  readonly #tracer: Tracer;
  readonly #recovered: Counter;
  readonly #swept: Counter;
  readonly #errors: Counter;
  /** Whether a meter provider was registered when the broker was made (the API's meters follow no later one). */
  readonly #measuring: boolean;

  constructor(
    api: OpenTelemetryApi,
    options: ClientCallTelemetryOptions = {},
    metricName: (toolName: string) => string = (toolName) => toolName,
  ) {
    // A proxy that follows the provider the app registers, before or after this.
    this.#tracer = api.trace.getTracer(INSTRUMENTATION_NAME);
    const meter = api.metrics.getMeter(INSTRUMENTATION_NAME);
    this.#measuring = !(meter instanceof api.createNoopMeter().constructor);
    this.#instruments = {
      api,
      options,
      counts: callCountsOf(meter),
      duration: meter.createHistogram("gen_ai.execute_tool.duration", {
        description: "Time from dispatch to outcome of an awaited client tool call.",
        unit: "s",
        advice: { explicitBucketBoundaries: DURATION_BUCKETS_SECONDS },
      }),
      approval: meter.createHistogram("gen_client_tools.approval.duration", {
        description: "Time the approve hook took to decide.",
        unit: "s",
        advice: { explicitBucketBoundaries: DURATION_BUCKETS_SECONDS },
      }),
      metricName,
      attributes: metricAttributes(metricName),
    };
    this.#recovered = meter.createCounter("gen_client_tools.calls.recovered", {
      description:
        "Calls whose tool's recovery policy ended them or sent them again, after their dispatcher or client went away.",
      unit: "{call}",
    });
    this.#swept = meter.createCounter("gen_client_tools.calls.swept", {
      description: "Calls past their deadline ended by a sweep of the store (their dispatcher was gone).",
      unit: "{call}",
    });
    this.#errors = meter.createCounter("gen_client_tools.errors", {
      description: "Failures reported to the broker's onError: the store, a hook, a listener.",
      unit: "{error}",
    });
  }

  /**
   * The call's span and metrics; undefined when nothing would record them (no provider, or the
   * span sampled out and no meter), so that an app with the API and no SDK pays for one no-op span.
   * `privateInput`: the call's result is the value the user typed, never recorded.
   */
  startCall(call: CallFacts, privateInput: boolean): CallTrace | undefined {
    const { api, options } = this.#instruments;
    const span = this.#tracer.startSpan(
      `execute_tool ${call.toolName}`,
      { kind: api.SpanKind.INTERNAL },
      api.context.active(),
    );
    if (!span.isRecording() && !this.#measuring) return undefined;
    if (span.isRecording()) {
      span.setAttributes({
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": call.toolName,
        "gen_ai.tool.call.id": call.toolCallId,
        // The conventions' value for a tool the client runs with the arguments the model made.
        "gen_ai.tool.type": "function",
        "gen_ai.conversation.id": call.conversationId,
      });
      if (options.recordArguments === true)
        span.setAttribute("gen_ai.tool.call.arguments", JSON.stringify(call.args) ?? "null");
    }
    return new CallSpan(this.#instruments, span, call.toolName, privateInput);
  }

  /**
   * An answer taken here, for a call whose request carries its span: a span of its own in the
   * call's trace, whichever instance dispatched it. When the page reported how long its handler
   * ran, the span covers that time before the answer arrived.
   */
  answered(request: ClientToolRequest, handlerMs: number | undefined): void {
    this.#instruments.counts.accepted(this.#instruments.metricName(request.toolName));
    const parent = parseTraceparent(request.traceparent);
    if (parent === undefined) return;
    const { api } = this.#instruments;
    const parentContext = api.trace.setSpanContext(api.ROOT_CONTEXT, { ...parent, isRemote: true });
    const now = Date.now();
    const attributes: Attributes = {
      "gen_ai.tool.name": request.toolName,
      "gen_ai.tool.call.id": request.toolCallId,
      "gen_client_tools.attempt": request.attempt,
    };
    if (handlerMs !== undefined) attributes["gen_client_tools.client.handler_ms"] = handlerMs;
    const span = this.#tracer.startSpan(
      `client_tool.answer ${request.toolName}`,
      { attributes, startTime: now - (handlerMs ?? 0) },
      parentContext,
    );
    span.end(now);
  }

  swept(toolName: string): void {
    this.#swept.add(1, this.#instruments.attributes(toolName));
  }

  /** An answer refused here: too many at once (429), an unknown or ended call, an invalid result. */
  answerRefused(status: number, reason: string): void {
    this.#instruments.counts.refused(status, reason);
  }

  /** A call's tool's recovery policy ended it or sent it again (here, whoever dispatched it). */
  recovered(toolName: string, policy: "settle" | "redispatch"): void {
    const name = this.#instruments.metricName(toolName);
    this.#recovered.add(1, { "gen_ai.tool.name": name, "gen_client_tools.recovery": policy });
  }

  error(): void {
    this.#errors.add(1);
  }
}

/** A call's span and the figures its metrics take when it ends. */
class CallSpan implements CallTrace {
  readonly traceparent: string | undefined;
  readonly #instruments: Instruments;
  readonly #span: Span;
  readonly #toolName: string;
  readonly #privateInput: boolean;
  readonly #started = performance.now();
  #open = false;
  #attempts = 0;
  #joined = false;

  constructor(instruments: Instruments, span: Span, toolName: string, privateInput: boolean) {
    this.#instruments = instruments;
    this.#span = span;
    this.#toolName = toolName;
    this.#privateInput = privateInput;
    const context = span.spanContext();
    this.traceparent = instruments.api.trace.isSpanContextValid(context) ? formatTraceparent(context) : undefined;
  }

  approvalWaited(seconds: number): void {
    this.#instruments.approval.record(seconds, this.#instruments.attributes(this.#toolName));
    this.#span.setAttribute("gen_client_tools.approval.wait_ms", seconds * 1000);
  }

  opened(): void {
    this.#open = true;
    this.#instruments.counts.opened(this.#instruments.metricName(this.#toolName));
  }

  sent(attempt: number): void {
    this.#attempts = Math.max(this.#attempts, attempt);
    if (this.#span.isRecording()) this.#span.addEvent("gen_client_tools.sent", { "gen_client_tools.attempt": attempt });
  }

  redispatched(): void {
    this.#span.setAttribute("gen_client_tools.recovery", "redispatch");
  }

  joined(): void {
    this.#joined = true;
    if (this.#span.isRecording()) this.#span.setAttribute("gen_client_tools.joined", true);
  }

  ended(outcome: ClientCallOutcome): void {
    const { api, options, counts, metricName, duration, attributes } = this.#instruments;
    const seconds = (performance.now() - this.#started) / 1000;
    const failed = FAILED.has(outcome.status);
    this.#close();
    if (!this.#joined) {
      counts.ended(metricName(this.#toolName), outcome.status);
      duration.record(seconds, attributes(this.#toolName, outcome.status));
    }
    const span = this.#span;
    if (!span.isRecording()) return;
    span.setAttributes({
      "gen_client_tools.outcome.status": outcome.status,
      "gen_client_tools.client.wait_ms": seconds * 1000,
    });
    // The one outcome only the "settle" recovery policy gives.
    if (outcome.status === "unknown_outcome") span.setAttribute("gen_client_tools.recovery", "settle");
    if (outcome.status === "ok" && options.recordResults === true && !this.#privateInput)
      span.setAttribute("gen_ai.tool.call.result", JSON.stringify(outcome.result) ?? "null");
    if (failed) {
      span.setStatus({ code: api.SpanStatusCode.ERROR, message: outcome.status });
      span.setAttribute("error.type", outcome.status);
    }
    span.end();
  }

  failed(error: unknown): void {
    this.#close();
    const type = error instanceof Error ? error.name : "Error";
    this.#span.setStatus({ code: this.#instruments.api.SpanStatusCode.ERROR, message: type });
    this.#span.setAttribute("error.type", type);
    this.#span.end();
  }

  #close(): void {
    if (this.#open) this.#instruments.counts.closed(this.#instruments.metricName(this.#toolName));
    this.#open = false;
    if (this.#span.isRecording()) this.#span.setAttribute("gen_client_tools.attempts", this.#attempts);
  }
}
