/**
 * The default `onError` of the broker, the Redis store and the transports: a warning on Node's
 * process, which an application routes with `process.on("warning")` (or silences with
 * `--no-warnings`), instead of a line written to the console.
 */
export function reportError(error: unknown, context: string): void {
  process.emitWarning(`gen-client-tools: ${context}`, {
    type: "GenClientToolsWarning",
    code: "GEN_CLIENT_TOOLS_ERROR",
    detail: error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error),
  });
}
