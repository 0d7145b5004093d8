import type { ClientCallBroker } from "../../server/broker.js";
import { deliverAnswer } from "../../server/transports/deliver.js";
import { isRecord } from "../../util/guards.js";
import type { ClientToolAnswer } from "../../wire/answer.js";
import { ClientAnswerMalformedError } from "../../wire/errors.js";
import { parseJsonOrUndefined } from "../../wire/wire-json.js";

// AG-UI (https://docs.ag-ui.com): a call goes out as the TOOL_CALL_START / _ARGS / _END events
// of the model's tool call (tool-call-events.ts), and the frontend answers with a ToolMessage in
// the next run's messages, which this takes to the broker.

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
  if (!isRecord(message) || message["role"] !== "tool") return false;
  const { toolCallId } = message;
  if (typeof toolCallId !== "string")
    throw new ClientAnswerMalformedError("A ToolMessage needs `toolCallId` (a string).");
  // Looked up among the owner's own calls: another owner's toolCallId is as unknown as a made-up one.
  const request = (await broker.pending({ owner, conversationId })).find(
    (pending) => pending.toolCallId === toolCallId,
  );
  if (request === undefined) return false;
  // A message stays in the run's history, which AG-UI sends again on every run: never a private input's way.
  if (request.privateInput === true)
    throw new ClientAnswerMalformedError(
      "A private input is answered by the resume entry of its private_input interrupt, never by a ToolMessage.",
    );
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
  if (result === undefined)
    throw new ClientAnswerMalformedError(
      "A ToolMessage answering a client tool carries the result as JSON text in `content`.",
    );
  return { requestId, result };
}

/** `content` is text or a list of parts; a result is text only. */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (
    Array.isArray(content) &&
    content.every((part) => isRecord(part) && part["type"] === "text" && typeof part["text"] === "string")
  ) {
    return content.map((part: { readonly text: string }) => part.text).join("");
  }
  throw new ClientAnswerMalformedError("A ToolMessage's `content` must be text, or a list of text parts.");
}
