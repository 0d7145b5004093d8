// @gen-client-tools/runtime/bindings: what generated modules import. The logic is written once
// here, generic over a tool table; a generated module binds it to its own `ClientTools` table.
// Browser-safe (browser-safety.test.ts walks the imports).

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
} from "./client/binding-types.js";
export { bindClientTools } from "./client/bindings.js";
export type {
  ApprovalRequestedCallOf,
  ArgPointerOf,
  ClientToolCallStateOf,
  InputAvailableCallOf,
  OutputAvailableCallOf,
  OutputErrorCallOf,
  PartialArgsOf,
  StreamingCallOf,
} from "./client/call-state.js";
export type { StreamingStateOf } from "./client/call-streams.js";
export type { ClientInputHandlersBinding, ClientInputHandlersOf } from "./client/input-bindings.js";
export { bindClientInputHandlers } from "./client/input-bindings.js";
export type { ClientToolRenderersOf, RenderersOfStates } from "./client/renderers.js";
export type { ClientToolStandardSchema, StandardSchemaValidator } from "./standard-schema/tool-schema.js";
export { clientToolStandardSchema } from "./standard-schema/tool-schema.js";
export type { ClientActionEventOf, ClientToolObservationEventOf } from "./wire/openhands-events.js";
export type { PrivateInputCall } from "./wire/private-input-call.js";
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
