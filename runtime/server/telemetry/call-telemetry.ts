import type { Attributes, Counter, Histogram, Span, UpDownCounter } from "@opentelemetry/api";
import type { ClientToolRequest } from "../../wire/messages.js";
import type { ClientCallOutcome } from "../../wire/outcome.js";
import { formatTraceparent, parseTraceparent } from "../../wire/traceparent.js";
import type { OpenTelemetryApi } from "./open-telemetry.js";

/** The broker's `telemetry` option. */
export interface ClientCallTelemetryOptions {
  /** Record the model's arguments on each call's span, as `gen_ai.tool.call.arguments`. Default `false`. */
  readonly recordArguments?: boolean;
  /** Record the client's result on each call's span, as `gen_ai.tool.call.result`; never a private input's. Default `false`. */
  readonly recordResults?: boolean;
}

/** The instrumentation scope: the tracer's and the meter's name. */
export const INSTRUMENTATION_NAME = "@gen-client-tools/runtime";

/** Outcomes that mean the call failed: its span's status is an error, and `error.type` names the outcome. */
const FAILED: ReadonlySet<ClientCallOutcome["status"]> = new Set(["error", "timeout", "denied", "unknown_outcome", "invalid_arguments", "private_input_failed", "client_out_of_date"]);

/** One call, from dispatch to outcome, as its span and metrics see it. */
export interface CallTrace {
  /** The call's span as a W3C `traceparent`, for its request; undefined when nothing records it. */
  readonly traceparent: string | undefined;
  approvalWaited(seconds: number): void;
  /** The call is open in the store (counted among open calls until it ends). */
  opened(): void;
  sent(attempt: number): void;
  /** Its dispatcher or client went away, and its tool's recovery policy sent it again. */
  redispatched(): void;
  ended(outcome: ClientCallOutcome): void;
  failed(error: unknown): void;
}

interface CallFacts {
  readonly toolName: string;
  readonly toolCallId: string;
  readonly conversationId: string;
  readonly args: unknown;
  /** A private input's result is the value the user typed: never recorded. */
  readonly privateInput: boolean;
}

/**
 * Spans and metrics of a broker's calls, through the global tracer and meter providers, after
 * OpenTelemetry's semantic conventions for GenAI tool execution. Without a provider registered,
 * the API's no-op tracer and meter make each of these a few empty calls.
 */
export class CallTelemetry {
  readonly #api: OpenTelemetryApi;
  readonly #options: ClientCallTelemetryOptions;
  readonly #open: UpDownCounter;
  readonly #outcomes: Counter;
  readonly #duration: Histogram;
  readonly #approval: Histogram;
  readonly #recovered: Counter;
  readonly #swept: Counter;
  readonly #errors: Counter;

  constructor(api: OpenTelemetryApi, options: ClientCallTelemetryOptions = {}) {
    this.#api = api;
    this.#options = options;
    const meter = api.metrics.getMeter(INSTRUMENTATION_NAME);
    this.#open = meter.createUpDownCounter("gen_client_tools.calls.open", { description: "Awaited client tool calls open, dispatched by this process.", unit: "{call}" });
    this.#outcomes = meter.createCounter("gen_client_tools.calls.ended", { description: "Awaited client tool calls ended, by tool and outcome.", unit: "{call}" });
    this.#duration = meter.createHistogram("gen_ai.execute_tool.duration", { description: "Time from dispatch to outcome of an awaited client tool call.", unit: "s" });
    this.#approval = meter.createHistogram("gen_client_tools.approval.duration", { description: "Time the approve hook took to decide.", unit: "s" });
    this.#recovered = meter.createCounter("gen_client_tools.calls.recovered", { description: "Calls found open after their dispatcher or client went away, by the recovery policy applied.", unit: "{call}" });
    this.#swept = meter.createCounter("gen_client_tools.calls.swept", { description: "Calls past their deadline ended by a sweep of the store (their dispatcher was gone).", unit: "{call}" });
    this.#errors = meter.createCounter("gen_client_tools.errors", { description: "Failures reported to the broker's onError: the store, a hook, a listener.", unit: "{error}" });
  }

  startCall(call: CallFacts): CallTrace {
    const api = this.#api;
    const started = performance.now();
    const tool = { "gen_ai.tool.name": call.toolName };
    const attributes: Attributes = {
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": call.toolName,
      "gen_ai.tool.call.id": call.toolCallId,
      // The conventions' value for a tool the client runs with the arguments the model made.
      "gen_ai.tool.type": "function",
      "gen_ai.conversation.id": call.conversationId,
    };
    if (this.#options.recordArguments === true) attributes["gen_ai.tool.call.arguments"] = JSON.stringify(call.args) ?? "null";
    const span: Span = api.trace.getTracer(INSTRUMENTATION_NAME).startSpan(`execute_tool ${call.toolName}`, { kind: api.SpanKind.INTERNAL, attributes }, api.context.active());
    const context = span.spanContext();
    let open = false;
    let attempts = 0;
    const close = () => {
      if (open) this.#open.add(-1, tool);
      open = false;
      span.setAttribute("gen_client_tools.attempts", attempts);
    };
    return {
      traceparent: api.trace.isSpanContextValid(context) ? formatTraceparent(context) : undefined,
      approvalWaited: (seconds) => {
        this.#approval.record(seconds, tool);
        span.setAttribute("gen_client_tools.approval.wait_ms", seconds * 1000);
      },
      opened: () => {
        open = true;
        this.#open.add(1, tool);
      },
      sent: (attempt) => {
        attempts = Math.max(attempts, attempt);
        span.addEvent("gen_client_tools.sent", { "gen_client_tools.attempt": attempt });
      },
      redispatched: () => span.setAttribute("gen_client_tools.recovery", "redispatch"),
      ended: (outcome) => {
        close();
        const seconds = (performance.now() - started) / 1000;
        span.setAttributes({ "gen_client_tools.outcome.status": outcome.status, "gen_client_tools.client.wait_ms": seconds * 1000 });
        // The one outcome only the "settle" recovery policy gives.
        if (outcome.status === "unknown_outcome") span.setAttribute("gen_client_tools.recovery", "settle");
        if (outcome.status === "ok" && this.#options.recordResults === true && !call.privateInput) span.setAttribute("gen_ai.tool.call.result", JSON.stringify(outcome.result) ?? "null");
        const failed = FAILED.has(outcome.status);
        if (failed) span.setStatus({ code: api.SpanStatusCode.ERROR, message: outcome.status });
        if (failed) span.setAttribute("error.type", outcome.status);
        this.#outcomes.add(1, { ...tool, "gen_client_tools.outcome.status": outcome.status });
        this.#duration.record(seconds, { ...tool, "gen_ai.operation.name": "execute_tool", ...(failed && { "error.type": outcome.status }) });
        span.end();
      },
      failed: (error) => {
        close();
        const type = error instanceof Error ? error.name : "Error";
        span.setStatus({ code: api.SpanStatusCode.ERROR, message: type });
        span.setAttribute("error.type", type);
        span.end();
      },
    };
  }

  /**
   * An answer taken here, for a call whose request carries its span: a span of its own in the
   * call's trace, whichever instance dispatched it. When the page reported how long its handler
   * ran, the span covers that time before the answer arrived.
   */
  answered(request: ClientToolRequest, handlerMs: number | undefined): void {
    const parent = parseTraceparent(request.traceparent);
    if (parent === undefined) return;
    const api = this.#api;
    const parentContext = api.trace.setSpanContext(api.ROOT_CONTEXT, { ...parent, isRemote: true });
    const now = Date.now();
    const attributes: Attributes = { "gen_ai.tool.name": request.toolName, "gen_ai.tool.call.id": request.toolCallId, "gen_client_tools.attempt": request.attempt };
    if (handlerMs !== undefined) attributes["gen_client_tools.client.handler_ms"] = handlerMs;
    const span = api.trace.getTracer(INSTRUMENTATION_NAME).startSpan(`client_tool.answer ${request.toolName}`, { attributes, startTime: now - (handlerMs ?? 0) }, parentContext);
    span.end(now);
  }

  swept(toolName: string): void {
    this.#swept.add(1, { "gen_ai.tool.name": toolName });
  }

  /** A call's tool's recovery policy ended it or sent it again (here, whoever dispatched it). */
  recovered(toolName: string, policy: "settle" | "redispatch"): void {
    this.#recovered.add(1, { "gen_ai.tool.name": toolName, "gen_client_tools.recovery": policy });
  }

  error(): void {
    this.#errors.add(1);
  }
}
