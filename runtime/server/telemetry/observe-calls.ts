import type { CallEvents } from "../calls/call-events.js";
import type { CallWaiters } from "../calls/waiters.js";
import type { Emitter } from "../emitter.js";
import type { CallTelemetry } from "./call-telemetry.js";

/**
 * Telemetry as a subscriber of the broker's events: each call's span hears of its sends and its
 * re-dispatch (through the waiter that holds it), and the counters of recoveries, sweeps, answers
 * and errors follow what the broker's parts report.
 */
export function observeCalls(events: Emitter<CallEvents>, telemetry: CallTelemetry, waiters: CallWaiters): void {
  events.on("heard", (call) => waiters.get(call.request.requestId)?.trace?.sent(call.request.attempt));
  events.on("recovered", ({ call, policy }) => {
    telemetry.recovered(call.request.toolName, policy);
    if (policy === "redispatch") waiters.get(call.request.requestId)?.trace?.redispatched();
  });
  events.on("swept", (call) => telemetry.swept(call.request.toolName));
  events.on("answered", ({ request, handlerMs }) => telemetry.answered(request, handlerMs));
  events.on("refused", ({ status, reason }) => telemetry.answerRefused(status, reason));
  events.on("error", () => telemetry.error());
}
