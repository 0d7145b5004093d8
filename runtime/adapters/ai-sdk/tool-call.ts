import type { ToolCallDispatch, ToolCallOutcome } from "../dispatch.js";

/** The tool call `useChat` / `Chat` hands to `onToolCall`, once its input is complete. */
export interface AiSdkToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
}

/** What `addToolOutput` of `useChat` / `Chat` takes: an output, or an error text for the model. */
export type AiSdkToolOutput =
  | { tool: string; toolCallId: string; state?: "output-available"; output: unknown }
  | { tool: string; toolCallId: string; state: "output-error"; errorText: string };

export interface AiSdkToolCallOptions {
  /** The generated `dispatchToolCall` with the app's handlers and context. */
  readonly dispatch: ToolCallDispatch;
  /** The chat's `addToolOutput`. */
  readonly addToolOutput: (output: never) => void | PromiseLike<void>;
  /** Abort it when the chat stops (with `stop()`): the handler's signal fires, and no output is added. */
  readonly signal?: AbortSignal;
  /**
   * The tools whose calls wait for a person's approval, the names given to `toAiSdkTools`'s
   * `needsApproval`: their calls are held (the SDK calls `onToolCall` before it asks for the
   * approval) until `answerAiSdkApproval` answers it.
   */
  readonly needsApproval?: readonly string[];
}

const NEVER_ABORTED = new AbortController().signal;

/**
 * For `onToolCall` of `useChat` / `Chat`: dispatches a client tool's call to its handler and adds
 * its output (the result, or the acknowledgement for a fire-and-forget tool), or an error output
 * the model can read when the arguments were invalid or the handler failed. A call of a tool
 * these bindings do not know is left alone (resolves to its `unknown_tool` outcome), for the
 * app's other tools, and so is a private-input tool's (the server runs it through the broker,
 * and its value never enters the chat's messages). A call that waits for approval
 * (`needsApproval`) runs nothing yet and resolves to `undefined`.
 */
export async function handleAiSdkToolCall(
  toolCall: AiSdkToolCall,
  options: AiSdkToolCallOptions,
): Promise<ToolCallOutcome | undefined> {
  const signal = options.signal ?? NEVER_ABORTED;
  const { toolCallId, toolName } = toolCall;
  if (options.needsApproval?.includes(toolName)) return undefined;
  const outcome = await options.dispatch(toolName, toolCall.input, { toolCallId, signal });
  if (signal.aborted || (!outcome.ok && (outcome.reason === "unknown_tool" || outcome.reason === "private_input")))
    return outcome;
  const addToolOutput = options.addToolOutput as (output: AiSdkToolOutput) => void | PromiseLike<void>;
  await addToolOutput(
    outcome.ok
      ? { tool: toolName, toolCallId, output: outcome.output }
      : { tool: toolName, toolCallId, state: "output-error", errorText: outcome.message },
  );
  return outcome;
}
