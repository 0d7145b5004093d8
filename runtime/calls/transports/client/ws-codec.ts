// The WebSocket messages of awaited client tool calls, one JSON text frame each. No `ws`
// import: browsers use the client half (decode what the server sends, encode answers).
import { ClientAnswerMalformedError, type ClientCallError } from "../../errors.js";
import type { ClientToolAnswerMessage, ClientToolCancelledMessage, ClientToolRequest } from "../../messages.js";
import type { ValidationProblem } from "../../validators.js";
import { errorAnswer, isObject, resultAnswer, type ClientToolAnswer } from "./answer.js";
import { decodeClientToolCancelled, decodeClientToolRequest } from "./client-decode.js";
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
  readonly status: ClientCallError["status"] | 500;
  readonly detail: string;
  readonly errors?: readonly ValidationProblem[];
}

export type ClientToolServerMessage = ClientToolRequestedMessage | ClientToolCancelledMessage | ClientToolRejectedMessage;

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
  if (!isObject(value)) return undefined;
  switch (value["type"]) {
    case "client_tool.requested": {
      const request = decodeClientToolRequest(value["request"]);
      return request && { type: "client_tool.requested", request };
    }
    case "client_tool.cancelled":
      return decodeClientToolCancelled(value);
    case "client_tool.rejected": {
      const { requestId, status, detail, errors } = value;
      if (typeof status !== "number" || typeof detail !== "string") return undefined;
      return {
        type: "client_tool.rejected",
        ...(typeof requestId === "string" && { requestId }),
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
 * Server side: the client's answer, shape-checked; throws `ClientAnswerMalformedError`
 * (400) for anything else. `requestIdOf` names the request of a refused frame, when it can.
 */
export function decodeClientToolAnswer(text: string): ClientToolAnswer {
  const value = parseJsonOrUndefined(text);
  if (!isObject(value)) throw new ClientAnswerMalformedError("A client tool message must be a JSON object.");
  const { type, requestId } = value;
  if (typeof requestId !== "string") throw new ClientAnswerMalformedError("A client tool message needs `requestId` (a string).");
  if (type === "client_tool.result") return resultAnswer(value, requestId);
  if (type === "client_tool.error") return errorAnswer(value, requestId);
  throw new ClientAnswerMalformedError('A client tool message has `type` "client_tool.result" or "client_tool.error".');
}

/** The `requestId` of a frame that may be malformed, so its refusal can name it. */
export function requestIdOf(text: string): string | undefined {
  const value = parseJsonOrUndefined(text);
  return isObject(value) && typeof value["requestId"] === "string" ? value["requestId"] : undefined;
}
