// Template of the user's handlers file, written once when it does not exist (see types.ts in
// this folder for how templates work).
// @gen:file
// Handlers for the client tools. This file is yours: gen-client-tools adds a stub here for each
// new tool and never changes what you wrote.
// @gen:begin import
import type { ClientToolHandlers } from "./handlers.js";
// @gen:end import

/**
 * What every handler receives besides its arguments: put your app's services here. Pass them
 * as `ctx` to dispatchToolCall or dispatchClientAction, and as `context` to
 * createClientToolRunner, which adds `signal` and `request` beside them.
 */
export interface ClientToolContext {
  readonly signal?: AbortSignal;
}

export const clientToolHandlers: ClientToolHandlers<ClientToolContext> = {
  // @gen:begin stubs
  /** Placeholder tool: replaced by the generator. */
  example(_args, _ctx) {
    throw new Error('client tool "example" is not implemented yet');
  },
  // @gen:end stubs
};
