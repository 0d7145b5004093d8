import type { PrivateInputCall, PrivateInputHandlers } from "../wire/private-input-call.js";
import type { ClientToolTable } from "../wire/tool-table.js";
import { findHandler } from "./find-handler.js";

/**
 * The server's handler of each private-input tool: it gets the value the user entered (checked
 * against the tool's privateInput.schema), the model's arguments and `ctx`, once, and must
 * resolve to nothing. The model sees the spec's response; if the handler throws or resolves to a
 * value, it sees a generic failure, and nothing the handler threw is kept or shown.
 */
export type ClientInputHandlersOf<T extends ClientToolTable<T>, Ctx = PrivateInputCall> = {
  readonly [N in keyof T as T[N]["mode"] extends "private-input" ? N : never]: (
    privateInput: T[N]["privateInput"],
    args: T[N]["args"],
    ctx: Ctx,
  ) => Promise<void>;
};

/**
 * The handlers for the broker (`new ClientCallBroker({ ..., privateInputs: clientInputHandlers(handlers) })`);
 * with `context`, each handler gets what it makes of the call as `ctx`. Give every server instance
 * the same handlers: a private input is taken where it arrives, and never stored or forwarded.
 */
export interface ClientInputHandlersBinding<T extends ClientToolTable<T>> {
  (handlers: ClientInputHandlersOf<T>): PrivateInputHandlers;
  <Ctx>(
    handlers: ClientInputHandlersOf<T, Ctx>,
    context: (call: PrivateInputCall) => Ctx | Promise<Ctx>,
  ): PrivateInputHandlers;
}

/** The generated `clientInputHandlers`, bound to the names of the private-input tools: each must have its handler. */
export function bindClientInputHandlers<T extends ClientToolTable<T>>(
  names: readonly (keyof ClientInputHandlersOf<T> & string)[],
): ClientInputHandlersBinding<T> {
  return (handlers: unknown, context?: (call: PrivateInputCall) => unknown): PrivateInputHandlers => {
    const map: Record<string, (privateInput: unknown, args: unknown, call: PrivateInputCall) => Promise<void>> = {};
    for (const name of names) {
      const handler = findHandler(handlers, name);
      if (handler === undefined)
        throw new TypeError(
          `no handler for the private input of client tool ${JSON.stringify(name)}: add it to your ClientInputHandlers`,
        );
      // What the handler resolves to goes to the broker as it is: a value there ends the call as failed.
      map[name] = async (privateInput, args, call) =>
        (handler as (privateInput: unknown, args: unknown, ctx: unknown) => Promise<void>).call(
          handlers,
          privateInput,
          args,
          context === undefined ? call : await context(call),
        );
    }
    return Object.freeze(map);
  };
}
