// @gen-client-tools/runtime/server: the server's half. The registry (which checks a client's
// schemas against their meta-schema with ajv), the broker that carries awaited calls to the
// client and back, its in-memory store, and the server ends of the transports. What the
// browser shares with the server comes from `@gen-client-tools/runtime`.

export {
  ClientToolDuplicateNameError,
  ClientToolFingerprintMismatchError,
  ClientToolInvalidSpecError,
  ClientToolLimitError,
  ClientToolLookalikeNameError,
  ClientToolNameCollisionError,
  ClientToolPrivateInputError,
  ClientToolRegistrationError,
  ClientToolSchemaConflictError,
} from "./registry/errors.js";
export type { JsonDifference } from "./registry/first-difference.js";
export type { RegistryLimits } from "./registry/limits.js";
export { clientToolBytes } from "./registry/limits.js";
export type { ClientToolScope, ClientToolScopeOptions } from "./registry/registry.js";
export type { ClientToolRegistryOptions } from "./registry/registry-options.js";
export type { SharedBudgetRefusal, SharedOwnerBudget } from "./registry/shared-budget.js";
// The registry: identity, conflicts, budgets, snapshots.
export { ClientToolRegistry } from "./registry/server-registry.js";
export type { ClientToolRegistrySnapshot, ClientToolScopeSnapshot } from "./registry/snapshot.js";
export type {
  ClientToolLookup,
  ClientToolRegistration,
  IgnoredClientTool,
  RegisteredClientTool,
} from "./registry/types.js";
// Schema evolution: what a change to a tool's schema means for values made under the other version.
export { compareSchemas } from "./schema/compare/compare-schemas.js";
export type { SchemaComparison, SchemaRelation } from "./schema/compare/relation.js";
export type {
  ClientToolApproval,
  ClientToolApprovalDecision,
  ClientToolApprover,
  ClientToolRefusal,
} from "./server/approval.js";
export type { ClientToolApprovalRequest } from "./server/approval-request.js";
// Approvals and private inputs.
export { approveClientToolCall, argsFingerprint } from "./server/approval.js";
// The broker and its stores.
export { ClientCallBroker } from "./server/broker.js";
export type { ClientCallBrokerOptions } from "./server/broker-options.js";
export type { FailInput, SubmitInput } from "./server/calls/answers.js";
export type { ClientCallBrokerEvents } from "./server/calls/call-events.js";
export type { DispatchInput } from "./server/calls/dispatch-input.js";
export type { ClientCallInspection, ClientCallsHealth, ClientCallsSummary } from "./server/calls/inspection.js";
export type { InMemoryPendingCallStoreOptions } from "./server/stores/memory-store.js";
export { DEFAULT_CLOSED_RETENTION_MS, InMemoryPendingCallStore } from "./server/stores/memory-store.js";
export type { ClientToolDecisionInput, SignedClientToolDecision } from "./server/signing/signed-decision.js";
export { signedDecisionOf } from "./server/signing/signed-decision.js";
export type { RequestSigningOptions } from "./server/signing/signed-request-id.js";
export type {
  ClientCallsInstance,
  ClosedCall,
  PendingCall,
  PendingCallFilter,
  PendingCallListener,
  PendingCallOpenOptions,
  PendingCallStore,
  PendingCallsSummary,
  PendingCallTool,
  StoredCall,
  ToolCallAddress,
} from "./server/stores/store.js";
export type { ClientCallTelemetryOptions } from "./server/telemetry/telemetry-options.js";
export type { ClientToolSource } from "./server/tools.js";
export type { ClientToolsHandlerOptions, FetchHandler } from "./server/transports/http-handler.js";
// The server ends of the transports: HTTP and SSE, WebSocket, and OpenHands events.
export { createClientToolsHandler, DEFAULT_CLIENT_TOOLS_BASE_PATH } from "./server/transports/http-handler.js";
export type { NodeListenerOptions, NodeRequestLike, NodeResponseLike } from "./server/transports/node-listener.js";
export { toNodeListener } from "./server/transports/node-listener.js";
export type { OwnerFeed, OwnerFeedSink } from "./server/transports/owner-feed.js";
export { followOwnerCalls } from "./server/transports/owner-feed.js";
export { CLIENT_TOOL_CONTRACT_PARAM, pageContractOf } from "./server/transports/page-contract.js";
export { clientToolEventStream } from "./server/transports/sse-stream.js";
export type { AttachClientToolsOptions, ClientToolSocket, WebSocketData } from "./server/transports/ws-attach.js";
export { attachClientTools } from "./server/transports/ws-attach.js";
export type { WebSocketUpgradeInfo } from "./server/transports/ws-origins.js";
export { allowOrigins } from "./server/transports/ws-origins.js";
export type { ClientToolsWebSocketServerOptions } from "./server/transports/ws-server-options.js";
export { clientToolsWebSocketServerOptions } from "./server/transports/ws-server-options.js";
export type {
  ClientToolActionEventWire,
  ClientToolCallInput,
  ClientToolObservationEventWire,
  WireEventOptions,
} from "./server/wire-events.js";
export { clientActionEvent, clientObservationEvent, fireAndForgetEvents } from "./server/wire-events.js";
export {
  ClientAnswerMalformedError,
  ClientAnswersBusyError,
  ClientAnswerTooLargeError,
  ClientCallClosedError,
  ClientCallError,
  ClientCallNotFoundError,
  ClientCallStaleAttemptError,
  ClientCallStoreUnavailableError,
  ClientResultInvalidError,
  ClientToolContractMalformedError,
  PrivateInputMisdirectedError,
} from "./wire/errors.js";
export type { PrivateInputHandler, PrivateInputHandlers } from "./wire/private-input-call.js";
