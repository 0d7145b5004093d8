import { acknowledgeClientToolCall, type ClientToolObservation } from "../wire/observation.js";

/** A client tool call as the model made it: the tool, the call's id and its arguments. */
export interface ClientToolCallInput {
  readonly toolName: string;
  readonly toolCallId: string;
  readonly args: { readonly [key: string]: unknown };
  /** The arguments as the model wrote them (JSON text); default `JSON.stringify(args)`. */
  readonly rawArguments?: string;
}

/** Fields an event takes from its caller when given; otherwise a new id and the current time. */
export interface WireEventOptions {
  readonly id?: string;
  readonly timestamp?: string;
}

/** The OpenHands `ActionEvent` of a client tool call, as the frontend's generated types accept it. */
export interface ClientToolActionEventWire {
  readonly kind: "ActionEvent";
  readonly id: string;
  readonly timestamp: string;
  readonly source: "agent";
  readonly tool_name: string;
  readonly tool_call_id: string;
  /** `kind: "ClientAction_<tool>"` with the arguments flattened beside it. */
  readonly action: { readonly kind: string; readonly [key: string]: unknown };
  readonly tool_call: {
    readonly id: string;
    readonly name: string;
    readonly arguments: string;
    readonly origin: "completion";
  };
}

/** The OpenHands `ObservationEvent` that answers an action: what the model saw. */
export interface ClientToolObservationEventWire {
  readonly kind: "ObservationEvent";
  readonly id: string;
  readonly timestamp: string;
  readonly source: "environment";
  readonly tool_name: string;
  readonly tool_call_id: string;
  readonly action_id: string;
  readonly observation: ClientToolObservation;
}

/**
 * The `ActionEvent` for a call: `action.kind` is `ClientAction_<tool>`, the arguments sit
 * beside it, and an argument named `kind` travels as `mcp_arg_kind`, as the OpenHands agent
 * server sends them.
 */
export function clientActionEvent(
  call: ClientToolCallInput,
  options: WireEventOptions = {},
): ClientToolActionEventWire {
  const { kind, ...rest } = call.args;
  return {
    kind: "ActionEvent",
    id: options.id ?? crypto.randomUUID(),
    timestamp: options.timestamp ?? new Date().toISOString(),
    source: "agent",
    tool_name: call.toolName,
    tool_call_id: call.toolCallId,
    action: {
      kind: `ClientAction_${call.toolName}`,
      ...rest,
      ...(Object.hasOwn(call.args, "kind") && { mcp_arg_kind: kind }),
    },
    tool_call: {
      id: call.toolCallId,
      name: call.toolName,
      arguments: call.rawArguments ?? JSON.stringify(call.args),
      origin: "completion",
    },
  };
}

/** The `ObservationEvent` answering `action` with what the model sees. */
export function clientObservationEvent(
  action: ClientToolActionEventWire,
  observation: ClientToolObservation,
  options: WireEventOptions = {},
): ClientToolObservationEventWire {
  return {
    kind: "ObservationEvent",
    id: options.id ?? crypto.randomUUID(),
    timestamp: options.timestamp ?? new Date().toISOString(),
    source: "environment",
    tool_name: action.tool_name,
    tool_call_id: action.tool_call_id,
    action_id: action.id,
    observation,
  };
}

/**
 * A fire-and-forget call's two events: the action for the client, and at once the observation
 * that acknowledges it ("Tool call dispatched to client."), which is what the model sees.
 */
export function fireAndForgetEvents(call: ClientToolCallInput): {
  readonly action: ClientToolActionEventWire;
  readonly observation: ClientToolObservationEventWire;
} {
  const action = clientActionEvent(call);
  return { action, observation: clientObservationEvent(action, acknowledgeClientToolCall(call)) };
}
