// The WebSocket messages of awaited client tool calls, one JSON text frame each. No `ws`
// import: browsers use the client half (decode what the server sends, encode answers).

import { isRecord } from "../util/guards.js";
import { type ClientToolAnswer, errorAnswer, resultAnswer, toolCallAnswerFromBody } from "./answer.js";
import { decodeClientToolCancelled, decodeClientToolMismatch, decodeClientToolRequest } from "./decode-request.js";
import { ClientAnswerMalformedError, type ClientCallError } from "./errors.js";
import type {
  ClientToolAnswerMessage,
  ClientToolCancelledMessage,
  ClientToolMismatchMessage,
  ClientToolRequest,
} from "./messages.js";
import type { ValidationProblem } from "./validation.js";
import { parseJsonOrUndefined } from "./wire-json.js";

/** Server to client: run this request (`runner.handle(message.request)`). */
export interface ClientToolRequestedMessage {
  readonly type: "client_tool.requested";
  readonly request: ClientToolRequest;
}

/**
 * Server to client: an answer was refused, with the HTTP status the HTTP transport would
 * have used (400 malformed, 404, 409, 413, 422 with `errors`, 500 when the server failed).
 * `requestId` is there when the refused message named one. The socket stays open.
 */
export interface ClientToolRejectedMessage {
  readonly type: "client_tool.rejected";
  readonly requestId?: string;
  /** For an answer addressed by toolCallId (`tool.result` / `tool.error`): the `id` it named. */
  readonly toolCallId?: string;
  readonly status: ClientCallError["status"] | 500;
  readonly detail: string;
  readonly errors?: readonly ValidationProblem[];
}

export type ClientToolServerMessage =
  | ClientToolRequestedMessage
  | ClientToolCancelledMessage
  | ClientToolMismatchMessage
  | ClientToolRejectedMessage;

/** Either direction: the frame's text. */
export function encodeClientToolMessage(message: ClientToolServerMessage | ClientToolAnswerMessage): string {
  return JSON.stringify(message);
}

/**
 * Client side: the server's message, or `undefined` for a frame that is not one (a message
 * type from a newer server, or another protocol sharing the socket), which a client ignores.
 */
export function decodeClientToolServerMessage(text: string): ClientToolServerMessage | undefined {
  const value = parseJsonOrUndefined(text);
  if (!isRecord(value)) return undefined;
  switch (value["type"]) {
    case "client_tool.requested": {
      const request = decodeClientToolRequest(value["request"]);
      return request && { type: "client_tool.requested", request };
    }
    case "client_tool.cancelled":
      return decodeClientToolCancelled(value);
    case "client_tool.mismatch":
      return decodeClientToolMismatch(value);
    case "client_tool.rejected": {
      const { requestId, toolCallId, status, detail, errors } = value;
      if (typeof status !== "number" || typeof detail !== "string") return undefined;
      return {
        type: "client_tool.rejected",
        ...(typeof requestId === "string" && { requestId }),
        ...(typeof toolCallId === "string" && { toolCallId }),
        status: status as ClientToolRejectedMessage["status"],
        detail,
        ...(Array.isArray(errors) && { errors: errors as ValidationProblem[] }),
      };
    }
    default:
      return undefined;
  }
}

/**
 * A client's answer frame, shape-checked: to a request by its `requestId` (`client_tool.result`
 * / `client_tool.error`), or to the model's toolCallId of a conversation, as agent engines that
 * declare client tools with `handler: "client"` send it (`tool.result` / `tool.error` with `id`,
 * and `conversationId` unless the socket serves one conversation).
 */
export type DecodedClientToolAnswer =
  | { readonly by: "requestId"; readonly answer: ClientToolAnswer }
  | {
      readonly by: "toolCallId";
      readonly conversationId?: string;
      readonly toolCallId: string;
      readonly answer: (requestId: string) => ClientToolAnswer;
    };

/**
 * Server side: the client's answer, shape-checked; throws `ClientAnswerMalformedError`
 * (400) for anything else. `requestIdOf` names the request of a refused frame, when it can.
 */
export function decodeClientToolAnswer(text: string): DecodedClientToolAnswer {
  const value = parseJsonOrUndefined(text);
  if (!isRecord(value)) throw new ClientAnswerMalformedError("A client tool message must be a JSON object.");
  const { type, requestId, conversationId } = value;
  if (type === "tool.result" || type === "tool.error") {
    if (conversationId !== undefined && (typeof conversationId !== "string" || conversationId === "")) {
      throw new ClientAnswerMalformedError(
        "A tool answer's `conversationId`, when given, is the conversation's id (a string).",
      );
    }
    return {
      by: "toolCallId",
      ...(conversationId !== undefined && { conversationId }),
      ...toolCallAnswerFromBody(value),
    };
  }
  if (typeof requestId !== "string")
    throw new ClientAnswerMalformedError("A client tool message needs `requestId` (a string).");
  if (type === "client_tool.result") return { by: "requestId", answer: resultAnswer(value, requestId) };
  if (type === "client_tool.error") return { by: "requestId", answer: errorAnswer(value, requestId) };
  throw new ClientAnswerMalformedError(
    'A client tool message has `type` "client_tool.result" or "client_tool.error" (or "tool.result" or "tool.error" with the toolCallId as `id`).',
  );
}

/**
 * The `requestId`, or for an answer by toolCallId the `id`, of a frame that may be malformed, so its refusal can name
 * it.
 */
export function refusedIdsOf(text: string): { readonly requestId?: string; readonly toolCallId?: string } {
  const value = parseJsonOrUndefined(text);
  if (!isRecord(value)) return {};
  if ((value["type"] === "tool.result" || value["type"] === "tool.error") && typeof value["id"] === "string")
    return { toolCallId: value["id"] };
  return typeof value["requestId"] === "string" ? { requestId: value["requestId"] } : {};
}
