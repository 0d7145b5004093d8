import type { ClientCallBroker } from "../../broker.js";
import { ClientAnswerMalformedError } from "../../errors.js";
import type { ClientToolRequest } from "../../messages.js";
import { isObject, type ClientToolAnswer } from "../client/answer.js";
import { deliverAnswer } from "./deliver.js";
import { parseJsonOrUndefined } from "../client/wire-json.js";

// AG-UI (https://docs.ag-ui.com): a request goes out as the TOOL_CALL_START / _ARGS / _END
// events of the model's tool call, and the frontend answers with a ToolMessage in the next
// run's messages. The shapes are @ag-ui/core's, written out here so the runtime does not
// depend on it; the tests check them against its own schemas.

export interface AgUiToolCallStartEvent {
  readonly type: "TOOL_CALL_START";
  readonly toolCallId: string;
  readonly toolCallName: string;
  readonly parentMessageId?: string;
}

export interface AgUiToolCallArgsEvent {
  readonly type: "TOOL_CALL_ARGS";
  readonly toolCallId: string;
  /** The arguments as JSON text, in one piece. */
  readonly delta: string;
}

export interface AgUiToolCallEndEvent {
  readonly type: "TOOL_CALL_END";
  readonly toolCallId: string;
}

export type AgUiToolCallEvents = readonly [AgUiToolCallStartEvent, AgUiToolCallArgsEvent, AgUiToolCallEndEvent];

/**
 * The request as an AG-UI tool call, under the model's `toolCallId` (what the frontend's
 * ToolMessage answers). `parentMessageId` ties it to the assistant message that made it.
 */
export function toAgUiToolCallEvents(request: ClientToolRequest, options: { readonly parentMessageId?: string } = {}): AgUiToolCallEvents {
  const { toolCallId } = request;
  return [
    { type: "TOOL_CALL_START", toolCallId, toolCallName: request.toolName, ...(options.parentMessageId !== undefined && { parentMessageId: options.parentMessageId }) },
    { type: "TOOL_CALL_ARGS", toolCallId, delta: JSON.stringify(request.args) },
    { type: "TOOL_CALL_END", toolCallId },
  ];
}

/**
 * Takes one message of an AG-UI run's `messages` as the answer to an open call, if it is a
 * ToolMessage (`{ role: "tool", toolCallId, content, error? }`) for one of the owner's open
 * calls in this conversation (the AG-UI thread). Its `content` (text, or text parts) is the
 * result as JSON; an `error` fails the call instead (not retryable: AG-UI has no way to say so).
 *
 * Resolves `true` when the broker took the answer, `false` for any other message (AG-UI
 * resends the whole history each run, so answered calls come back); rejects with the
 * broker's `ClientCallError` when it refuses the answer (400 malformed, 409, 422).
 */
export async function acceptAgUiToolMessage(
  broker: ClientCallBroker,
  input: { readonly owner: string; readonly conversationId: string; readonly message: unknown },
): Promise<boolean> {
  const { message, owner, conversationId } = input;
  if (!isObject(message) || message["role"] !== "tool") return false;
  const { toolCallId } = message;
  if (typeof toolCallId !== "string") throw new ClientAnswerMalformedError("A ToolMessage needs `toolCallId` (a string).");
  // Looked up among the owner's own calls: another owner's toolCallId is as unknown as a made-up one.
  const request = (await broker.pending({ owner, conversationId })).find((pending) => pending.toolCallId === toolCallId);
  if (request === undefined) return false;
  await deliverAnswer(broker, owner, answerFromToolMessage(message, request.requestId));
  return true;
}

function answerFromToolMessage(message: { readonly [key: string]: unknown }, requestId: string): ClientToolAnswer {
  const { error, content } = message;
  if (error !== undefined) {
    if (typeof error !== "string") throw new ClientAnswerMalformedError("A ToolMessage's `error` must be a string.");
    return { requestId, error, retryable: false };
  }
  // JSON has no `undefined`: it means the text was not JSON.
  const result = parseJsonOrUndefined(contentText(content));
  if (result === undefined) throw new ClientAnswerMalformedError("A ToolMessage answering a client tool carries the result as JSON text in `content`.");
  return { requestId, result };
}

/** `content` is text or a list of parts; a result is text only. */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content) && content.every((part) => isObject(part) && part["type"] === "text" && typeof part["text"] === "string")) {
    return content.map((part: { readonly text: string }) => part.text).join("");
  }
  throw new ClientAnswerMalformedError("A ToolMessage's `content` must be text, or a list of text parts.");
}
