import { readArgumentObject, type ToolCallReading, type ToolCallReport } from "./tool-call.js";

/** A Gemini `functionCall` part; `id` is there when the API gives one. */
export interface GeminiFunctionCall {
  readonly id?: string;
  readonly name?: string;
  readonly args?: Record<string, unknown>;
}

/** The `functionResponse` part that answers it. */
export interface GeminiFunctionResponsePart {
  functionResponse: { id?: string; name: string; response: Record<string, unknown> };
}

/** Reads a Gemini function call; one without a name is refused. */
export function fromGeminiFunctionCall(call: GeminiFunctionCall): ToolCallReading<string | undefined> {
  const name = call.name ?? "";
  if (name === "")
    return {
      ok: false,
      toolCallId: call.id,
      name,
      reason: "invalid_arguments",
      message: "The function call names no function.",
    };
  return readArgumentObject(call.id, name, call.args);
}

/**
 * The function response part for a call's outcome: `{ output }` or `{ error }`, the keys the
 * Gemini API reads; the call's `id` is echoed when it had one.
 */
export function toGeminiFunctionResponse(
  call: { readonly id?: string | undefined; readonly name: string },
  report: ToolCallReport,
): GeminiFunctionResponsePart {
  const response = report.ok ? { output: report.output ?? null } : { error: report.message };
  return { functionResponse: { ...(call.id === undefined ? {} : { id: call.id }), name: call.name, response } };
}
