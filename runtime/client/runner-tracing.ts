// The page's side of a traced call: its handler in a span of the call's trace, when the page
// has OpenTelemetry. Only the shape of `@opentelemetry/api` that is used is named here, so the
// root entry's types reach no module a page may not have installed.

import type { ClientToolRequest } from "../wire/messages.js";
import { parseTraceparent } from "../wire/traceparent.js";

/** `@opentelemetry/api`'s `Context`. */
export interface TracingContext {
  getValue(key: symbol): unknown;
  setValue(key: symbol, value: unknown): TracingContext;
  deleteValue(key: symbol): TracingContext;
}

interface TracingSpan {
  setAttribute(key: string, value: string | number | boolean): unknown;
  setStatus(status: { code: 0 | 1 | 2; message?: string }): unknown;
  end(): void;
}

/**
 * What `traceClientToolHandlers` uses of `@opentelemetry/api`: pass the module itself,
 * `import * as openTelemetry from "@opentelemetry/api"`.
 */
export interface ClientToolTracing {
  readonly ROOT_CONTEXT: TracingContext;
  readonly trace: {
    getTracer(name: string): {
      startSpan(
        name: string,
        options?: { attributes?: Record<string, string | number | boolean> },
        context?: TracingContext,
      ): TracingSpan;
    };
    setSpanContext(
      context: TracingContext,
      spanContext: { traceId: string; spanId: string; traceFlags: number; isRemote?: boolean },
    ): TracingContext;
    setSpan(context: TracingContext, span: TracingSpan): TracingContext;
  };
  readonly context: {
    with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
      context: TracingContext,
      fn: F,
      thisArg?: ThisParameterType<F>,
      ...args: A
    ): ReturnType<F>;
  };
}

const ERROR = 2;

/** Runs a request's handler (`run`) in whatever the page traces with: the runner's `trace` option. */
export type ClientToolHandlerTracer = <T>(request: ClientToolRequest, run: () => Promise<T>) => Promise<T>;

/**
 * The runner's `trace` option for a page with `@opentelemetry/api`: each handler of a traced call
 * runs in a span `client_tool.handler <tool>`, a child of the request's `traceparent` (the call's
 * span on the server), active while it runs; a request without one runs as it is. A page that
 * does not trace imports none of this.
 */
export function traceClientToolHandlers(tracing: ClientToolTracing): ClientToolHandlerTracer {
  const tracer = tracing.trace.getTracer("@gen-client-tools/runtime");
  return async (request, run) => {
    const parent = parseTraceparent(request.traceparent);
    if (parent === undefined) return run();
    const parentContext = tracing.trace.setSpanContext(tracing.ROOT_CONTEXT, { ...parent, isRemote: true });
    const span = tracer.startSpan(
      `client_tool.handler ${request.toolName}`,
      {
        attributes: {
          "gen_ai.tool.name": request.toolName,
          "gen_ai.tool.call.id": request.toolCallId,
          "gen_client_tools.attempt": request.attempt,
        },
      },
      parentContext,
    );
    try {
      return await tracing.context.with(tracing.trace.setSpan(parentContext, span), run);
    } catch (error) {
      span.setStatus({ code: ERROR, message: error instanceof Error ? error.name : "Error" });
      throw error;
    } finally {
      span.end();
    }
  };
}
