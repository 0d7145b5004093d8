// Everything in runtime/calls. Browser code imports ./browser.js instead, which leaves out
// the broker, its stores and ajv.
export * from "./browser.js";
export { ClientCallBroker } from "./broker.js";
export type { ClientCallBrokerEvents, ClientCallBrokerOptions, DispatchInput, FailInput, SubmitInput } from "./broker.js";
export {
  ClientAnswerMalformedError,
  ClientCallClosedError,
  ClientCallError,
  ClientCallNotFoundError,
  ClientCallStaleAttemptError,
  ClientResultInvalidError,
} from "./errors.js";
export { DEFAULT_CLOSED_RETENTION_MS, InMemoryPendingCallStore } from "./memory-store.js";
export type { InMemoryPendingCallStoreOptions } from "./memory-store.js";
export type { ClosedCall, PendingCall, PendingCallFilter, PendingCallStore, StoredCall } from "./store.js";
export type { ClientToolSource } from "./tools.js";
