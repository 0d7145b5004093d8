import { DEFAULT_MAX_ATTEMPTS, DEFAULT_TIMEOUT_SECONDS, type ClientToolSpec } from "../tool-spec/types.js";

/** How long the client has to answer one attempt of this tool. */
export function timeoutSeconds(spec: ClientToolSpec): number {
  return spec.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
}

/**
 * Whether a call that failed with a retryable error may be sent again. Only a tool that says
 * running it twice is harmless (idempotent or read-only) is ever sent twice, and never more
 * often than its `maxAttempts`.
 */
export function mayResend(spec: ClientToolSpec, attempt: number): boolean {
  const harmless = spec.annotations?.idempotentHint === true || spec.annotations?.readOnlyHint === true;
  return harmless && attempt < (spec.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
}
