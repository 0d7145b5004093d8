// @gen-client-tools/runtime: what an application calls, in the browser and on the server.
// Browser-safe: nothing reached from here imports a `node:` module or ajv (browser-safety.test.ts
// walks the imports). Beside it: /server (the broker, stores, transports), /bindings (what
// generated code imports), /wire (the codecs), /providers (each provider's shapes), one entry per
// framework, /validators, and /core (the spec rules the generator applies).

// Specs: parsing and checking them by every rule the generator applies.
export { ClientToolSpecError } from "./tool-spec/errors.js";
export type { CheckedSpec, CheckedSpecs } from "./tool-spec/parse.js";
export { checkClientToolSpecs, parseClientToolSpec, parseClientToolSpecs } from "./tool-spec/parse.js";
export type { ClientToolPrincipal } from "./tool-spec/permission.js";
export { ClientToolPermissionError, checkClientToolPermission } from "./tool-spec/permission.js";
export type { ClientToolMode } from "./tool-spec/tool-mode.js";
export { clientToolMode } from "./tool-spec/tool-mode.js";
export type {
  ClientToolAnnotations,
  ClientToolFingerprints,
  ClientToolPrivateInput,
  ClientToolRecovery,
  ClientToolSpec,
} from "./tool-spec/types.js";
export { DEFAULT_MAX_ATTEMPTS, DEFAULT_TIMEOUT_SECONDS } from "./tool-spec/types.js";
export type { ClientToolContentResult } from "./tool-spec/content-result.js";
export { CONTENT_RESULT_SCHEMA } from "./tool-spec/content-result.js";
export type { JsonObject, JsonSchema, JsonValue, SpecProblem } from "./util/json.js";
export { SchemaConversionError } from "./schema/convert-dialect.js";
export { schemaFingerprint, toolFingerprints } from "./fingerprint/fingerprint.js";

// Exports to LLM providers (each provider's own shapes are in /providers).
export { ClientToolExportError } from "./export/errors.js";
export type {
  ExportOptions,
  ExportTarget,
  ExportTargetTools,
  PrincipalOption,
  StrictModeCapableTarget,
  StrictModeOption,
} from "./export/export-client-tools.js";
export { exportClientTools } from "./export/export-client-tools.js";
export type { OverlayOptions } from "./export/overlays.js";
export { removeOverlays, SECURITY_RISK_LEVELS } from "./export/overlays.js";
export type { StrictModeTarget } from "./export/strict.js";
export { analyzeStrictCompatibility } from "./export/strict.js";
export { fromStrictArguments } from "./export/strict-arguments.js";
export type { ClientToolExport, ExportedObjectSchema, ExportIssue } from "./export/types.js";
export type {
  ParsedToolCall,
  ToolCallReading,
  ToolCallReport,
  UnreadableToolCall,
} from "./provider-calls/tool-call.js";
export { readToolCallArguments } from "./provider-calls/tool-call.js";

// Calls: how they end, what the model is told, and what a page's code can run.
export type {
  ClientCallCancelled,
  ClientCallClientOutOfDate,
  ClientCallDenied,
  ClientCallFailed,
  ClientCallInvalidArguments,
  ClientCallOk,
  ClientCallOutcome,
  ClientCallPrivateInputFailed,
  ClientCallTimedOut,
  ClientCallUnknownOutcome,
} from "./wire/outcome.js";
export type { ClientToolAcknowledgement, ClientToolObservation } from "./wire/observation.js";
export { acknowledgeClientToolCall, DISPATCHED_TEXT, outcomeToObservation } from "./wire/observation.js";
export type { ClientToolRequest } from "./wire/messages.js";
export type { ClientToolCall } from "./wire/deferred-calls.js";
export type { ClientToolContract } from "./wire/client-tool-contract.js";
export { clientToolContractOf, clientToolDifferences, parseClientToolContract } from "./wire/client-tool-contract.js";
export type { ClientToolDifference } from "./wire/tool-difference.js";
export type {
  ClientToolValidators,
  CompiledValidator,
  CompiledValidatorError,
  ValidationProblem,
} from "./wire/validation.js";

// The page: the runner that answers the server's requests with the generated handlers.
export type {
  ClientToolHandler,
  ClientToolRequestContext,
  ClientToolRunContext,
  ClientToolRunner,
  ClientToolRunnerOptions,
} from "./client/runner.js";
export { createClientToolRunner } from "./client/runner.js";
export { RetryableClientToolError } from "./client/retryable-error.js";
export type { ClientToolHandlerTracer, ClientToolTracing, TracingContext } from "./client/runner-tracing.js";
export { traceClientToolHandlers } from "./client/runner-tracing.js";
export { runClientToolCalls } from "./client/deferred-calls.js";

// The states of a call as a page draws it: arguments streaming in, typed, with which parts are final.
export type { ClientToolCallStatus } from "./client/call-state.js";
export type {
  ClientToolCallStreams,
  ClientToolCallStreamsOptions,
  SettledInput,
  StreamedToolSpec,
} from "./client/call-streams.js";
export { createClientToolCallStreams } from "./client/call-streams.js";
export { callStateFromRequest } from "./client/broker-request.js";
export { renderClientToolCall } from "./client/renderers.js";
export { createPartialJsonParser } from "./client/partial-json.js";
export type { PartialJsonParser, PartialJsonParserOptions } from "./client/partial-json-options.js";
export { PartialJsonError } from "./client/partial-json-options.js";
