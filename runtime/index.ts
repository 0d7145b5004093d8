// @gen-client-tools/runtime: what the browser and the server share, and what generated code
// imports. Browser-safe: nothing reached from here imports a `node:` module or ajv
// (browser-safety.test.ts walks the imports). The server's half is `@gen-client-tools/runtime/server`.

export type {
  ClientToolActionOutcomeOf,
  ClientToolArgsValidator,
  ClientToolArgsValidators,
  ClientToolBindingInput,
  ClientToolBindings,
  ClientToolCallError,
  ClientToolCallFailure,
  ClientToolCallFailureReason,
  ClientToolCallOptions,
  ClientToolCallOutcomeOf,
  ClientToolCallRest,
  ClientToolCallSuccessOf,
} from "./client/bindings.js";
// What generated modules bind to their own `ClientTools` table.
export { bindClientTools } from "./client/bindings.js";
export { toClientToolCallState } from "./client/broker-request.js";
export type {
  ApprovalRequestedCallOf,
  ArgPointerOf,
  ClientToolCallStateOf,
  ClientToolCallStatus,
  InputAvailableCallOf,
  OutputAvailableCallOf,
  OutputErrorCallOf,
  PartialArgsOf,
  StreamingCallOf,
} from "./client/call-state.js";
export type {
  ClientToolCallStreams,
  ClientToolCallStreamsOptions,
  SettledInput,
  StreamedToolSpec,
  StreamingStateOf,
} from "./client/call-streams.js";
export { createClientToolCallStreams } from "./client/call-streams.js";
export { runClientToolCalls } from "./client/deferred-calls.js";
export type { ClientInputHandlersBinding, ClientInputHandlersOf } from "./client/input-bindings.js";
export { bindClientInputHandlers } from "./client/input-bindings.js";
export type { PartialJsonParser, PartialJsonParserOptions } from "./client/partial-json.js";
// The states of a call as a page draws it: arguments streaming in, typed, with which parts are final.
export { createPartialJsonParser, PartialJsonError } from "./client/partial-json.js";
export type { ClientToolRenderersOf, RenderersOfStates } from "./client/renderers.js";
export { renderClientToolCall } from "./client/renderers.js";
export { RetryableClientToolError } from "./client/retryable-error.js";
export type {
  ClientToolHandler,
  ClientToolRequestContext,
  ClientToolRunContext,
  ClientToolRunner,
  ClientToolRunnerOptions,
} from "./client/runner.js";
// The client: the runner that answers the server's requests with the generated handlers.
export { createClientToolRunner } from "./client/runner.js";
export type { ClientToolHandlerTracer, ClientToolTracing, TracingContext } from "./client/runner-tracing.js";
export { traceClientToolHandlers } from "./client/runner-tracing.js";
export type { AgUiTool } from "./export/ag-ui.js";
export type { AnthropicTool } from "./export/anthropic.js";
export { ClientToolExportError } from "./export/errors.js";
export type {
  ExportOptions,
  ExportTarget,
  ExportTargetTools,
  PrincipalOption,
  StrictModeCapableTarget,
  StrictModeOption,
} from "./export/export-client-tools.js";
// Exports to LLM providers.
export { exportClientTools } from "./export/export-client-tools.js";
export type { GeminiFunctionDeclaration } from "./export/gemini.js";
export { geminiLegacyParametersLoss } from "./export/gemini-legacy.js";
export type { McpObjectSchema, McpTool } from "./export/mcp.js";
export type { OpenAIChatTool } from "./export/openai-chat.js";
export type { OpenAIResponsesTool } from "./export/openai-responses.js";
export type { OverlayOptions } from "./export/overlays.js";
export { removeOverlays, SECURITY_RISK_LEVELS } from "./export/overlays.js";
export type { StrictModeTarget } from "./export/strict.js";
export { analyzeStrictCompatibility } from "./export/strict.js";
export { fromStrictArguments } from "./export/strict-arguments.js";
export type { ClientToolExport, ExportedObjectSchema, ExportIssue } from "./export/types.js";
// Fingerprints: RFC 8785 canonical JSON and sha256.
export { canonicalJson } from "./fingerprint/canonical-json.js";
export { schemaFingerprint, toolFingerprints } from "./fingerprint/fingerprint.js";
export type { AnthropicToolResult, AnthropicToolUse } from "./provider-calls/anthropic.js";
export { fromAnthropicToolUse, toAnthropicToolResult } from "./provider-calls/anthropic.js";
export type { GeminiFunctionCall, GeminiFunctionResponsePart } from "./provider-calls/gemini.js";
export { fromGeminiFunctionCall, toGeminiFunctionResponse } from "./provider-calls/gemini.js";
export type { OpenAIChatToolCall, OpenAIChatToolMessage } from "./provider-calls/openai-chat.js";
export { fromOpenAIChatToolCall, toOpenAIChatToolMessage } from "./provider-calls/openai-chat.js";
export type { ResponsesFunctionCall, ResponsesFunctionCallOutput } from "./provider-calls/openai-responses.js";
export { fromResponsesFunctionCall, toResponsesFunctionCallOutput } from "./provider-calls/openai-responses.js";
export type {
  ParsedToolCall,
  ToolCallReading,
  ToolCallReport,
  UnreadableToolCall,
} from "./provider-calls/tool-call.js";
// Provider tool calls in, provider tool results out.
export { readToolCallArguments } from "./provider-calls/tool-call.js";
export { SchemaConversionError } from "./schema/convert-dialect.js";
export type { JsonObject, JsonSchema, JsonValue, SpecProblem } from "./schema/json.js";
export type { ClientToolStandardSchema, StandardSchemaValidator } from "./standard-schema/tool-schema.js";
// Standard Schema objects, what the generated `clientToolSchemas` are made of.
export { clientToolStandardSchema } from "./standard-schema/tool-schema.js";
export type { ClientToolContentResult } from "./tool-spec/content-result.js";
export { CONTENT_RESULT_SCHEMA } from "./tool-spec/content-result.js";
export { ClientToolSpecError } from "./tool-spec/errors.js";
export type { CheckedSpec, CheckedSpecs } from "./tool-spec/parse.js";
// Specs: parsing and checking them by every rule the generator applies.
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
export type { ClientToolAnswer, ClientToolErrorAnswer, ClientToolResultAnswer } from "./wire/answer.js";
export { DEFAULT_MAX_ANSWER_BYTES } from "./wire/answer.js";
export type { ClientToolContract } from "./wire/client-tool-contract.js";
export { clientToolContractOf, clientToolDifferences, parseClientToolContract } from "./wire/client-tool-contract.js";
export { decodeClientToolRequest } from "./wire/decode-request.js";
export type { ClientToolCall } from "./wire/deferred-calls.js";
// The wire: what the server sends and the client answers.
export type {
  ClientToolAnswerMessage,
  ClientToolCancelledMessage,
  ClientToolErrorMessage,
  ClientToolMismatchMessage,
  ClientToolRequest,
  ClientToolResultMessage,
} from "./wire/messages.js";
export type { ClientToolAcknowledgement, ClientToolObservation } from "./wire/observation.js";
export {
  acknowledgeClientToolCall,
  DISPATCHED_TEXT,
  MAX_CLIENT_ERROR_CHARS,
  outcomeToObservation,
} from "./wire/observation.js";
export type {
  ClientActionEventOf,
  ClientActionSecurityRisk,
  ClientEventTextContent,
  ClientEventToolCall,
  ClientToolErrorEvent,
  ClientToolObservationEventOf,
} from "./wire/openhands-events.js";
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
export type { PrivateInputCall } from "./wire/private-input-call.js";
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
export type { ClientToolDifference } from "./wire/tool-difference.js";
export type {
  ArgsByKindOf,
  AwaitedToolNameOf,
  ClientActionOf,
  ClientToolHandlersOf,
  ClientToolRow,
  ClientToolTable,
  FireAndForgetActionOf,
  OutputByNameOf,
  ResultByKindOf,
  ResultByNameOf,
  ToolNameOf,
} from "./wire/tool-table.js";
export type {
  ClientToolValidators,
  CompiledValidator,
  CompiledValidatorError,
  ValidationProblem,
} from "./wire/validation.js";
export type {
  ClientToolRejectedMessage,
  ClientToolRequestedMessage,
  ClientToolServerMessage,
} from "./wire/ws-codec.js";
export { decodeClientToolAnswer, decodeClientToolServerMessage, encodeClientToolMessage } from "./wire/ws-codec.js";
