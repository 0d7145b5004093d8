// The part of runtime/calls that a browser bundle may import: no `node:` module, no ajv
// (browser-safety.test.ts walks these imports to keep it so).
export type { ClientToolAnswerMessage, ClientToolCancelledMessage, ClientToolErrorMessage, ClientToolRequest, ClientToolResultMessage } from "./messages.js";
export type {
  ClientCallCancelled,
  ClientCallDenied,
  ClientCallFailed,
  ClientCallInvalidArguments,
  ClientCallOk,
  ClientCallOutcome,
  ClientCallPrivateInputFailed,
  ClientCallTimedOut,
  ClientCallUnknownOutcome,
} from "./outcome.js";
export { acknowledgeClientToolCall, DISPATCHED_TEXT, MAX_CLIENT_ERROR_CHARS, outcomeToObservation } from "./observation.js";
export type { ClientToolObservation } from "./observation.js";
export { checkClientToolPermission, ClientToolPermissionError } from "./permission.js";
export type { ClientToolPrincipal } from "./permission.js";
export { createClientToolRunner } from "./runner.js";
export type { ClientToolHandler, ClientToolRequestContext, ClientToolRunContext, ClientToolRunner, ClientToolRunnerOptions } from "./runner.js";
export { RetryableClientToolError } from "./retryable-error.js";
export { DEFAULT_MAX_ANSWER_BYTES } from "./transports/client/answer.js";
export type { ClientToolAnswer, ClientToolErrorAnswer, ClientToolResultAnswer } from "./transports/client/answer.js";
export { decodeClientToolRequest } from "./transports/client/client-decode.js";
export { requiresAction } from "./transports/client/requires-action.js";
export type { RequiresActionBody } from "./transports/client/requires-action.js";
export {
  CLIENT_TOOL_CANCELLED_EVENT,
  CLIENT_TOOL_EVENT,
  decodeClientToolCancelledEvent,
  decodeClientToolEvent,
  encodeClientToolCancelledEvent,
  encodeClientToolEvent,
} from "./transports/client/sse.js";
export { decodeClientToolAnswer, decodeClientToolServerMessage, encodeClientToolMessage } from "./transports/client/ws-codec.js";
export type { ClientToolRejectedMessage, ClientToolRequestedMessage, ClientToolServerMessage } from "./transports/client/ws-codec.js";
export { MAX_REPORTED_PROBLEMS } from "./validators.js";
export type { ClientToolValidators, CompiledValidator, CompiledValidatorError, ValidationProblem } from "./validators.js";
