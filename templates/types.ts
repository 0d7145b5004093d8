// Template of the generated types.ts. The emitter keeps what follows the file marker, and
// replaces each region between begin/end markers with the declarations of the user's tools;
// the placeholder tool in the region keeps this file compiling (and type-checked) here.
// @gen:file
import type {
  ArgsByKindOf,
  AwaitedToolNameOf,
  ClientActionEventOf,
  ClientActionOf,
  ClientToolCallStateOf,
  ClientToolObservationEventOf,
  ClientToolRenderersOf,
  OutputByNameOf,
  PartialArgsOf,
  ResultByKindOf,
  ResultByNameOf,
} from "@gen-client-tools/runtime/bindings";

// @gen:begin tools
/** Placeholder tool: replaced by the generator. */
export type ExampleArgs = { readonly message: string; [key: string]: unknown };
export type ExamplePartialArgs = PartialArgsOf<ExampleArgs>;
export type ExampleResult = { readonly ok: boolean };
export type ExamplePrivateInput = { readonly token: string };
export type ClientAction_example = { readonly kind: "ClientAction_example" } & ExampleArgs;

/**
 * The client tools, one row each: the action's `kind`, the tool's mode, its arguments, what its
 * call gives back (`void` for a fire-and-forget tool; for a private input, the response the model
 * sees), its action, and a private input's value. Every other map below is read from it.
 */
export interface ClientTools {
  /** Placeholder tool: replaced by the generator. */
  readonly example: { readonly kind: "ClientAction_example"; readonly mode: "awaited"; readonly args: ExampleArgs; readonly result: ExampleResult; readonly action: ClientAction_example };
}
// @gen:end tools

/** Every client tool's name, as written in its spec. */
export type ClientToolName = keyof ClientTools & string;

/** Every action a frontend can receive, discriminated on `kind`. */
export type ClientAction = ClientActionOf<ClientTools>;

/** Per tool: its arguments, its result (`void` for fire-and-forget tools) and its action (the rows of `ClientTools`). */
export type ClientToolMap = ClientTools;

/** Each action kind's arguments. */
export type ClientToolArgsByKind = ArgsByKindOf<ClientTools>;

/** Each action kind's result (`void` for fire-and-forget tools). */
export type ClientToolResultByKind = ResultByKindOf<ClientTools>;

/** Each tool name's result (`void` for fire-and-forget tools). */
export type ClientToolResultByName = ResultByNameOf<ClientTools>;

/** What goes back to the model for each tool: an awaited tool's result, a fire-and-forget tool's acknowledgement. */
export type ClientToolOutputByName = OutputByNameOf<ClientTools>;

/** The names of the tools whose calls wait for the client's answer: every one but the fire-and-forget tools. */
export type AwaitedClientToolName = AwaitedToolNameOf<ClientTools>;

/** The `ActionEvent` an agent server sends when the model calls client tool `N` (the OpenHands agent server's wire shape). */
export type ClientActionEvent<N extends ClientToolName = ClientToolName> = ClientActionEventOf<ClientTools, N>;

/** The `ObservationEvent` that follows a client tool's `ActionEvent`. */
export type ClientToolObservationEvent<N extends ClientToolName = ClientToolName> = ClientToolObservationEventOf<ClientTools, N>;

/**
 * Every state of a call of client tool `N` as a page draws it, discriminated on `status`: the
 * arguments streaming in (partial, with `isFinal` for the parts read to their end), available
 * (validated), waiting for approval, the output (an awaited tool's `result`), or the `error`.
 */
export type ClientToolCallState<N extends ClientToolName = ClientToolName> = ClientToolCallStateOf<ClientTools, N>;

/** One renderer per client tool over its calls' states, each seeing only its own tool's: a tool left out is a compile error, unless a `default` draws the rest. */
export type ClientToolRenderers<R> = ClientToolRenderersOf<ClientTools, R>;

export type {
  ClientActionSecurityRisk,
  ClientEventTextContent,
  ClientEventToolCall,
  ClientToolErrorEvent,
} from "@gen-client-tools/runtime/wire";
export type { ClientToolAcknowledgement, ClientToolObservation } from "@gen-client-tools/runtime";
