// Template of the generated client-inputs.ts (see types.ts in this folder for how templates work).
// @gen:file
// @gen:begin imports
import type { ExampleArgs, ExamplePrivateInput } from "./types.js";
// @gen:end imports

/** What a private input's handler is told of the call it was collected for (the broker's `PrivateInputCall`). */
export interface ClientInputCall {
  readonly conversationId: string;
  /** Who submitted it: the identity the transport authenticated the client as. */
  readonly owner: string;
  readonly toolName: string;
  readonly toolCallId: string;
  readonly requestId: string;
}

// @gen:begin handlers
/**
 * The server's handler of each private-input tool: it gets the value the user entered (checked
 * against the tool's privateInput.schema), the model's arguments and `ctx`, once, and must
 * resolve to nothing. The model sees the spec's response; if the handler throws or resolves to a
 * value, it sees a generic failure, and nothing the handler threw is kept or shown.
 */
export interface ClientInputHandlers<Ctx = ClientInputCall> {
  /** Placeholder tool: replaced by the generator. */
  readonly example: (privateInput: ExamplePrivateInput, args: ExampleArgs, ctx: Ctx) => Promise<void>;
}

const privateInputToolNames: readonly string[] = ["example"];
// @gen:end handlers

/** The handlers as the broker's `privateInputs` option takes them. */
export interface ClientInputHandlerMap {
  readonly [toolName: string]: ((privateInput: unknown, args: unknown, call: ClientInputCall) => Promise<void>) | undefined;
}

/**
 * The handlers for the broker (`new ClientCallBroker({ ..., privateInputs: clientInputHandlers(handlers) })`);
 * with `context`, each handler gets what it makes of the call as `ctx`. Give every server instance
 * the same handlers: a private input is taken where it arrives, and never stored or forwarded.
 */
export function clientInputHandlers(handlers: ClientInputHandlers): ClientInputHandlerMap;
export function clientInputHandlers<Ctx>(handlers: ClientInputHandlers<Ctx>, context: (call: ClientInputCall) => Ctx | Promise<Ctx>): ClientInputHandlerMap;
export function clientInputHandlers(handlers: unknown, context?: (call: ClientInputCall) => unknown): ClientInputHandlerMap {
  const map: Record<string, (privateInput: unknown, args: unknown, call: ClientInputCall) => Promise<void>> = {};
  for (const name of privateInputToolNames) {
    const handler = findHandler(handlers, name);
    if (handler === undefined) throw new TypeError(`no handler for the private input of client tool ${JSON.stringify(name)}: add it to your ClientInputHandlers`);
    map[name] = async (privateInput, args, call) => handler.call(handlers, privateInput, args, context === undefined ? call : await context(call));
  }
  return Object.freeze(map);
}

/** A handler, own or inherited (class instances keep methods on their prototype), never one of Object.prototype's. */
function findHandler(handlers: unknown, name: string): ((privateInput: unknown, args: unknown, ctx: unknown) => Promise<void>) | undefined {
  let holder = typeof handlers === "object" ? handlers : null;
  while (holder !== null && holder !== Object.prototype) {
    if (Object.hasOwn(holder, name)) {
      const handler: unknown = (holder as Record<string, unknown>)[name];
      return typeof handler === "function" ? (handler as (privateInput: unknown, args: unknown, ctx: unknown) => Promise<void>) : undefined;
    }
    holder = Object.getPrototypeOf(holder) as object | null;
  }
  return undefined;
}
