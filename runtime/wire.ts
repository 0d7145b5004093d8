// @gen-client-tools/runtime/wire: the messages and events both ends read, and their codecs, for a
// transport of your own (the runner and the server's transports use them). Browser-safe.

export type { ClientToolAnswer, ClientToolErrorAnswer, ClientToolResultAnswer } from "./wire/answer.js";
export { DEFAULT_MAX_ANSWER_BYTES } from "./wire/answer.js";
export { decodeClientToolRequest } from "./wire/decode-request.js";
export type {
  ClientToolAnswerMessage,
  ClientToolCancelledMessage,
  ClientToolErrorMessage,
  ClientToolMismatchMessage,
  ClientToolResultMessage,
} from "./wire/messages.js";
export { MAX_CLIENT_ERROR_CHARS } from "./wire/observation.js";
export type {
  ClientActionSecurityRisk,
  ClientEventTextContent,
  ClientEventToolCall,
  ClientToolErrorEvent,
} from "./wire/openhands-events.js";
export type { RequiresActionBody } from "./wire/requires-action.js";
export { requiresAction } from "./wire/requires-action.js";
export {
  CLIENT_TOOL_CANCELLED_EVENT,
  CLIENT_TOOL_EVENT,
  CLIENT_TOOL_MISMATCH_EVENT,
  decodeClientToolCancelledEvent,
  decodeClientToolEvent,
  decodeClientToolMismatchEvent,
  encodeClientToolCancelledEvent,
  encodeClientToolEvent,
  encodeClientToolMismatchEvent,
} from "./wire/sse.js";
export type {
  ClientToolRejectedMessage,
  ClientToolRequestedMessage,
  ClientToolServerMessage,
} from "./wire/ws-codec.js";
export { decodeClientToolAnswer, decodeClientToolServerMessage, encodeClientToolMessage } from "./wire/ws-codec.js";
