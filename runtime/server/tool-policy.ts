import {
  type ClientToolRecovery,
  type ClientToolSpec,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_TIMEOUT_SECONDS,
} from "../tool-spec/types.js";
import type { PendingCall, PendingCallTool } from "./stores/store.js";
import type { KnownTool } from "./tools.js";

/** How long the client has to answer one attempt of this tool. */
export function timeoutSeconds(spec: ClientToolSpec): number {
  return spec.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
}

/**
 * The last attempt a call of this tool may reach after retryable errors. Only a tool that says
 * running it twice is harmless (idempotent or read-only) is ever sent twice, and never more
 * often than its `maxAttempts`; any other stops at 1. A private input is asked for again only
 * after an invalid submission, which nothing acted on: its `maxAttempts` counts those.
 */
export function resendLimit(spec: ClientToolSpec): number {
  const harmless =
    spec.annotations?.idempotentHint === true ||
    spec.annotations?.readOnlyHint === true ||
    spec.privateInput !== undefined;
  return harmless ? (spec.maxAttempts ?? DEFAULT_MAX_ATTEMPTS) : 1;
}

/**
 * The tool's recovery policy, else the broker's default (which is never `"redispatch"`: that one is a tool's own
 * promise).
 */
export function recoveryOf(spec: ClientToolSpec, fallback: BrokerRecovery): ClientToolRecovery {
  return spec.recovery ?? fallback;
}

/** The recovery policies a broker may give tools that name none. */
export type BrokerRecovery = Exclude<ClientToolRecovery, "redispatch">;

/** How a call's answers are re-sent and timed, and how it recovers. */
export type CallPolicy = Omit<PendingCallTool, "outputSchema">;

/**
 * A call's policy: as the call carries it (any instance dispatched it), else as the tool known
 * here says; undefined for neither.
 */
export function callPolicies(
  find: (name: string, conversationId: string) => KnownTool | undefined,
  fallback: BrokerRecovery,
): (call: PendingCall) => CallPolicy | undefined {
  return (call) => {
    if (call.tool !== undefined) return call.tool;
    const spec = find(call.request.toolName, call.request.conversationId)?.spec;
    if (spec === undefined) return undefined;
    return {
      timeoutSeconds: timeoutSeconds(spec),
      maxAttempts: resendLimit(spec),
      recovery: recoveryOf(spec, fallback),
    };
  };
}
