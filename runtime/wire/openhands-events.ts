import type { ClientToolObservation } from "./observation.js";
import type { ClientToolTable, ToolNameOf } from "./tool-table.js";

// The OpenHands agent server's event shapes for client tools (fields it leaves null are absent),
// typed by a generated `ClientTools`; the generated types.ts binds them to its own table.

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

/** The `ActionEvent` an agent server sends when the model calls client tool `N`. */
export type ClientActionEventOf<T extends ClientToolTable<T>, N extends ToolNameOf<T> = ToolNameOf<T>> =
  N extends ToolNameOf<T>
    ? {
        readonly kind: "ActionEvent";
        readonly id: string;
        readonly timestamp: string;
        readonly source: "agent" | "user" | "environment";
        readonly tool_name: N;
        readonly tool_call_id: string;
        readonly action: T[N]["action"];
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

/** The `ObservationEvent` that follows a client tool's `ActionEvent`. */
export interface ClientToolObservationEventOf<T extends ClientToolTable<T>, N extends ToolNameOf<T> = ToolNameOf<T>> {
  readonly kind: "ObservationEvent";
  readonly id: string;
  readonly timestamp: string;
  readonly source: "agent" | "user" | "environment";
  readonly tool_name: N;
  readonly tool_call_id: string;
  readonly action_id: string;
  readonly observation: ClientToolObservation;
}
