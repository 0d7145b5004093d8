import type { ClientToolAnswer } from "../wire/answer.js";
import type { ClientToolCancelledMessage, ClientToolRequest } from "../wire/messages.js";
import type { ClientToolTable } from "../wire/tool-table.js";
import type { ClientToolCallStateOf } from "./call-state.js";

/**
 * The state of a call the server sent the page (a `client_tool` request): its arguments are
 * available (the server checked them); with the answer the page sent, the output or the error;
 * with the server's `client_tool.cancelled`, the error it gives.
 */
export function callStateFromRequest<T extends ClientToolTable<T>>(
  request: ClientToolRequest,
  ended?: ClientToolAnswer | ClientToolCancelledMessage,
): ClientToolCallStateOf<T> {
  const call = { toolCallId: request.toolCallId, toolName: request.toolName, args: request.args };
  let state: object;
  if (ended === undefined) state = { status: "input-available", ...call };
  else if ("result" in ended) state = { status: "output-available", ...call, result: ended.result };
  else state = { status: "output-error", ...call, error: "error" in ended ? ended.error : ended.reason };
  return state as ClientToolCallStateOf<T>;
}
