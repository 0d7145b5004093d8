/**
 * Thrown by a client tool handler whose failure may pass (offline, busy): the runner reports
 * it with `retryable: true`, and the server sends the call again if the tool is idempotent or
 * read-only and has attempts left. Any other exception is reported as not retryable.
 */
export class RetryableClientToolError extends Error {
  override readonly name = "RetryableClientToolError";
}
