import type { ClientToolSpec, JsonObject } from "./types.js";

/**
 * How a call of a client tool ends, which decides what the server, the model and the client's
 * handler see: a fire-and-forget tool's call ends when it is sent (the model sees "Tool call
 * dispatched to client."); an awaited tool's when the client answers with a result that matches
 * its `outputSchema`. Code that treats the modes differently switches on this, exhaustively.
 */
export type ClientToolMode = { readonly mode: "fire-and-forget" } | { readonly mode: "awaited"; readonly outputSchema: JsonObject };

export function clientToolMode(spec: Pick<ClientToolSpec, "outputSchema">): ClientToolMode {
  return spec.outputSchema === undefined ? { mode: "fire-and-forget" } : { mode: "awaited", outputSchema: spec.outputSchema };
}

/** For the `default` of an exhaustive switch: a mode no case handles fails to compile. */
export function unknownMode(mode: never): never {
  throw new Error(`unknown client tool mode ${JSON.stringify(mode)}`);
}
