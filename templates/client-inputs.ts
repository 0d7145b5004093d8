// Template of the generated client-inputs.ts (see types.ts in this folder for how templates work).
// @gen:file
import {
  bindClientInputHandlers,
  type ClientInputHandlersOf,
  type PrivateInputCall,
} from "@gen-client-tools/runtime/bindings";
import type { ClientTools } from "./types.js";

/** What a private input's handler is told of the call it was collected for (the broker's `PrivateInputCall`). */
export type ClientInputCall = PrivateInputCall;

/**
 * The server's handler of each private-input tool: it gets the value the user entered (checked
 * against the tool's privateInput.schema), the model's arguments and `ctx`, once, and must
 * resolve to nothing. The model sees the spec's response; if the handler throws or resolves to a
 * value, it sees a generic failure, and nothing the handler threw is kept or shown.
 */
export type ClientInputHandlers<Ctx = ClientInputCall> = ClientInputHandlersOf<ClientTools, Ctx>;

/**
 * The handlers for the broker (`new ClientCallBroker({ ..., privateInputs: clientInputHandlers(handlers) })`);
 * with `context`, each handler gets what it makes of the call as `ctx`. Give every server instance
 * the same handlers: a private input is taken where it arrives, and never stored or forwarded.
 */
export const clientInputHandlers = /*#__PURE__*/ bindClientInputHandlers<ClientTools>([
  // @gen:begin names
  // @gen:end names
]);
