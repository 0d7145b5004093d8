// Everything in runtime/calls. Browser code imports ./browser.js instead, which leaves out
// the broker, its stores, the server ends of the transports and ajv.
export * from "./browser.js";
export { approveClientToolCall, argsFingerprint } from "./approval.js";
export type { ClientToolApproval, ClientToolApprovalDecision, ClientToolApprovalRequest, ClientToolApprover, ClientToolRefusal } from "./approval.js";
export { ClientCallBroker } from "./broker.js";
export type { RequestSigningOptions } from "./signing/signed-request-id.js";
export type { ClientToolDecisionInput, SignedClientToolDecision } from "./signing/signed-decision.js";
export type { ClientCallBrokerEvents, ClientCallBrokerOptions, DispatchInput, FailInput, SubmitInput } from "./broker.js";
export {
  ClientAnswerMalformedError,
  ClientAnswerTooLargeError,
  ClientCallClosedError,
  ClientCallError,
  ClientCallNotFoundError,
  ClientCallStaleAttemptError,
  ClientResultInvalidError,
  PrivateInputMisdirectedError,
} from "./errors.js";
export type { PrivateInputCall, PrivateInputHandler, PrivateInputHandlers } from "./private-input.js";
export { DEFAULT_CLOSED_RETENTION_MS, InMemoryPendingCallStore } from "./memory-store.js";
export type { InMemoryPendingCallStoreOptions } from "./memory-store.js";
export type { ClosedCall, PendingCall, PendingCallFilter, PendingCallStore, PendingCallTool, StoredCall } from "./store.js";
export type { ClientToolSource } from "./tools.js";
export { createClientToolsHandler, DEFAULT_CLIENT_TOOLS_BASE_PATH } from "./transports/server/http-handler.js";
export type { ClientToolsHandlerOptions, FetchHandler } from "./transports/server/http-handler.js";
export { toNodeListener } from "./transports/server/node-listener.js";
export type { NodeListenerOptions, NodeRequestLike, NodeResponseLike } from "./transports/server/node-listener.js";
export { followOwnerCalls } from "./transports/server/owner-feed.js";
export type { OwnerFeed, OwnerFeedSink } from "./transports/server/owner-feed.js";
export { clientToolEventStream, SSE_HEADERS } from "./transports/server/sse-stream.js";
export { attachClientTools } from "./transports/server/ws-attach.js";
export { allowOrigins } from "./transports/server/ws-origins.js";
export type { WebSocketUpgradeInfo } from "./transports/server/ws-origins.js";
export type { AttachClientToolsOptions, ClientToolSocket, WebSocketData } from "./transports/server/ws-attach.js";
export { clientActionEvent, clientObservationEvent, fireAndForgetEvents } from "./wire-events.js";
export type { ClientToolActionEventWire, ClientToolCallInput, ClientToolObservationEventWire, WireEventOptions } from "./wire-events.js";
