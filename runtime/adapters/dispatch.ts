/** Why a call was not carried out, as the generated `dispatchToolCall` says. */
export type ToolCallFailureReason =
  | "unknown_tool"
  | "invalid_json"
  | "invalid_arguments"
  | "handler_error"
  | "private_input";

/** What the generated `dispatchToolCall` resolves to, as the adapters read it. */
export type ToolCallOutcome =
  | { readonly ok: true; readonly name: string; readonly result: unknown; readonly output: unknown }
  | { readonly ok: false; readonly name: string; readonly reason: ToolCallFailureReason; readonly message: string };

/** What an adapter gives a dispatch beside the call: `signal` fires when the framework stops waiting. */
export interface ToolCallContext {
  readonly toolCallId: string;
  readonly signal: AbortSignal;
}

/**
 * Carries one call to the app's handlers; in an app, the generated `dispatchToolCall` with the
 * handlers and their context: `(name, args, { signal }) => dispatchToolCall(name, args, handlers, { ...ctx, signal })`.
 */
export type ToolCallDispatch = (name: string, args: unknown, call: ToolCallContext) => Promise<ToolCallOutcome>;
