// Template of the generated types.ts. The emitter keeps what follows the file marker, and
// replaces each region between begin/end markers with the declarations of the user's tools;
// the placeholder tool in the region keeps this file compiling (and type-checked) here.
// @gen:file
// @gen:begin tools
/** Placeholder tool: replaced by the generator. */
export type ExampleArgs = { readonly message: string; [key: string]: unknown };
export type ExampleResult = { readonly ok: boolean };
export type ExamplePrivateInput = { readonly token: string };
export type ClientAction_example = { readonly kind: "ClientAction_example" } & ExampleArgs;

/** Every action a frontend can receive, discriminated on `kind`. */
export type ClientAction = ClientAction_example;

/** Every client tool's name, as written in its spec. */
export type ClientToolName = "example";

/** Per tool: its arguments, its result (`void` for fire-and-forget tools) and its action. */
export interface ClientToolMap {
  readonly example: { readonly args: ExampleArgs; readonly result: ExampleResult; readonly action: ClientAction_example };
}

/** Each action kind's arguments. */
export interface ClientToolArgsByKind {
  readonly ClientAction_example: ExampleArgs;
}

/** Each action kind's result (`void` for fire-and-forget tools). */
export interface ClientToolResultByKind {
  readonly ClientAction_example: ExampleResult;
}

/** Each tool name's result (`void` for fire-and-forget tools). */
export interface ClientToolResultByName {
  readonly example: ExampleResult;
}

/** What goes back to the model for each tool: an awaited tool's result, a fire-and-forget tool's acknowledgement. */
export interface ClientToolOutputByName {
  readonly example: ExampleResult;
}
// @gen:end tools

/** The text the model sees once a fire-and-forget tool's call has reached the client. */
export type ClientToolAcknowledgement = "Tool call dispatched to client.";

/** The names of the awaited tools (those with an `outputSchema`). */
export type AwaitedClientToolName = {
  [N in ClientToolName]: ClientToolMap[N]["result"] extends void ? never : N;
}[ClientToolName];

/** A text block in the model's thought, as the agent server sends it. */
export interface ClientEventTextContent {
  readonly type: "text";
  readonly text: string;
}

/** The model's tool call behind an action; `arguments` is the raw JSON string. */
export interface ClientEventToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
  readonly origin?: string;
}

/** The security risk the model assessed for an action, when the server asks for it. */
export type ClientActionSecurityRisk = "UNKNOWN" | "LOW" | "MEDIUM" | "HIGH";

/**
 * The `ActionEvent` an agent server sends when the model calls client tool `N`; the
 * OpenHands agent server's wire shape (fields it leaves null are absent).
 */
export type ClientActionEvent<N extends ClientToolName = ClientToolName> = N extends ClientToolName
  ? {
      readonly kind: "ActionEvent";
      readonly id: string;
      readonly timestamp: string;
      readonly source: "agent" | "user" | "environment";
      readonly tool_name: N;
      readonly tool_call_id: string;
      readonly action: ClientToolMap[N]["action"];
      readonly thought?: readonly ClientEventTextContent[];
      readonly tool_call?: ClientEventToolCall;
      readonly llm_response_id?: string;
      readonly summary?: string;
      readonly security_risk?: ClientActionSecurityRisk;
    }
  : never;

/** Sent instead of an action when the model's arguments were invalid (after an `ActionEvent` without `action`). */
export interface ClientToolErrorEvent {
  readonly kind: "AgentErrorEvent";
  readonly id?: string;
  readonly timestamp?: string;
  readonly source?: "agent" | "user" | "environment";
  readonly error: string;
  readonly tool_name: string;
  readonly tool_call_id: string;
}

/** What the model saw for a client tool call: the dispatch acknowledgement, or the client's answer. */
export interface ClientToolObservation {
  readonly kind: "ClientToolObservation";
  readonly content: readonly ClientEventTextContent[];
  readonly is_error: boolean;
}

/** The `ObservationEvent` that follows a client tool's `ActionEvent`. */
export interface ClientToolObservationEvent<N extends ClientToolName = ClientToolName> {
  readonly kind: "ObservationEvent";
  readonly id: string;
  readonly timestamp: string;
  readonly source: "agent" | "user" | "environment";
  readonly tool_name: N;
  readonly tool_call_id: string;
  readonly action_id: string;
  readonly observation: ClientToolObservation;
}
