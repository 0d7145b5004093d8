// Apart from the telemetry itself: the broker's declarations reach this, and no type of
// `@opentelemetry/api`, which an app may not have installed.

/** The broker's `telemetry` option. */
export interface ClientCallTelemetryOptions {
  /** Record the model's arguments on each call's span, as `gen_ai.tool.call.arguments`. Default `false`. */
  readonly recordArguments?: boolean;
  /**
   * Record the client's result on each call's span, as `gen_ai.tool.call.result`; never a private input's. Default
   * `false`.
   */
  readonly recordResults?: boolean;
}
