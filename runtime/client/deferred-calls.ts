import type { ClientToolCall } from "../wire/deferred-calls.js";

/**
 * Runs the calls a server sent (`clientToolCallsOfRun` of the OpenAI Agents adapter, `clientToolCallsOfGraph` of the LangChain one), in
 * order, each through `dispatch` (the generated `dispatchToolCall` with the page's handlers), and
 * gives back the outcome of each awaited one, for the server to resume its run with.
 */
export async function runClientToolCalls<O>(
  calls: readonly ClientToolCall[],
  dispatch: (name: string, args: unknown, call: { readonly toolCallId: string }) => Promise<O>,
): Promise<{ readonly toolCallId: string; readonly outcome: O }[]> {
  const answers: { readonly toolCallId: string; readonly outcome: O }[] = [];
  for (const call of calls) {
    const outcome = await dispatch(call.toolName, call.args, { toolCallId: call.toolCallId });
    if (call.awaited) answers.push({ toolCallId: call.toolCallId, outcome });
  }
  return answers;
}
