import { outputText, readToolCallArguments, type ToolCallReading, type ToolCallReport } from "./tool-call.js";

/** A `function_call` output item of the OpenAI Responses API. */
export interface ResponsesFunctionCall {
  readonly type: "function_call";
  readonly call_id: string;
  readonly name: string;
  readonly arguments: string;
}

/** The `function_call_output` input item that answers it. */
export interface ResponsesFunctionCallOutput {
  type: "function_call_output";
  call_id: string;
  output: string;
}

/** Reads a Responses API function call. */
export function fromResponsesFunctionCall(call: ResponsesFunctionCall): ToolCallReading {
  return readToolCallArguments(call.call_id, call.name, call.arguments);
}

/**
 * The function call output for a call's outcome: the output as text; a failure as "Error: …", since the API has no
 * error flag.
 */
export function toResponsesFunctionCallOutput(callId: string, report: ToolCallReport): ResponsesFunctionCallOutput {
  return {
    type: "function_call_output",
    call_id: callId,
    output: report.ok ? outputText(report.output) : `Error: ${report.message}`,
  };
}
