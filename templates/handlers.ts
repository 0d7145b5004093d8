// Template of the generated handlers.ts (see types.ts in this folder for how templates work).
// The functions are the runtime's, bound to this module's table (each tool's mode by name): only
// data is generated, and not the specs, so that a page that dispatches never bundles the schemas.
// @gen:file
import {
  bindClientTools,
  type ClientToolActionOutcomeOf,
  type ClientToolCallOutcomeOf,
  type ClientToolCallSuccessOf,
  type ClientToolHandlersOf,
} from "@gen-client-tools/runtime/bindings";
import { DISPATCHED_TEXT } from "@gen-client-tools/runtime";
import type { ClientToolAcknowledgement, ClientToolName, ClientTools } from "./types.js";
// @gen:begin validators
// @gen:end validators

/**
 * One handler per client tool, keyed by the tool's name as written. An awaited tool's handler
 * returns its result (or a promise of it); a fire-and-forget tool's handler returns nothing; a
 * private-input tool's handler returns the value the user entered, which the runner sends to
 * the server alone (throw to report the prompt dismissed).
 */
export type ClientToolHandlers<Ctx = void> = ClientToolHandlersOf<ClientTools, Ctx>;

/** A call that was carried out: the handler's `result`, and the `output` that goes back to the model. */
export type ClientToolCallSuccess<N extends ClientToolName = ClientToolName> = ClientToolCallSuccessOf<ClientTools, N>;

/** What `dispatchToolCall` resolves to. */
export type ClientToolCallOutcome<N extends ClientToolName = ClientToolName> = ClientToolCallOutcomeOf<ClientTools, N>;

/** The action a call becomes, or why it cannot become one. */
export type ClientToolActionOutcome<N extends ClientToolName = ClientToolName> = ClientToolActionOutcomeOf<ClientTools, N>;

export type {
  ClientToolArgsValidator,
  ClientToolArgsValidators,
  ClientToolCallError,
  ClientToolCallFailure,
  ClientToolCallFailureReason,
  ClientToolCallOptions,
  ClientToolCallRest,
} from "@gen-client-tools/runtime/bindings";

/** The text the model sees once a fire-and-forget tool's call has reached the client. */
export const clientToolAcknowledgement: ClientToolAcknowledgement = DISPATCHED_TEXT;

export const { isClientAction, isFireAndForgetAction, isClientToolName, actionArgs, dispatchClientAction, dispatchToolCall, toClientAction } = bindClientTools<ClientTools>({
  // @gen:begin table
  tools: {
    example: "awaited",
  },
  // @gen:end table
});

/**
 * The tools this code was generated from, for the server to compare with its own when the page
 * connects: add it to the event stream's URL, or the socket's, as `?tools=` (it needs no escaping).
 * A call this code cannot run is then not sent; a `client_tool.mismatch` message says which.
 */
// @gen:begin contract
export const clientToolContract: string =
  "1" +
  ".example~a~000000000000~000000000000" +
  "";
// @gen:end contract
