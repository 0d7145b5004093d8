import { CONTENT_RESULT_SCHEMA } from "./content-result.js";
import type { ClientToolSpec, JsonObject } from "./types.js";

/**
 * How a call of a client tool ends, which decides what the server, the model and the client's
 * handler see:
 * - `"fire-and-forget"`: the call ends when it is sent (the model sees "Tool call dispatched to client.");
 * - `"awaited"`: when the client answers with a result that matches the tool's `outputSchema`;
 * - `"awaited-content"` (`"awaited": true`, no `outputSchema`): when the client answers with text
 *   for the model, `{ content: [{ type: "text", text }], isError? }` (checked against
 *   `CONTENT_RESULT_SCHEMA`, given here as `outputSchema`).
 * Code that treats the modes differently switches on this, exhaustively.
 */
export type ClientToolMode =
  | { readonly mode: "fire-and-forget" }
  | { readonly mode: "awaited"; readonly outputSchema: JsonObject }
  | { readonly mode: "awaited-content"; readonly outputSchema: JsonObject };

export function clientToolMode(spec: Pick<ClientToolSpec, "outputSchema" | "awaited">): ClientToolMode {
  if (spec.outputSchema !== undefined) return { mode: "awaited", outputSchema: spec.outputSchema };
  return spec.awaited === true ? { mode: "awaited-content", outputSchema: CONTENT_RESULT_SCHEMA } : { mode: "fire-and-forget" };
}

/** The schema a tool's results are checked against: its `outputSchema`, or the content result's; undefined for a fire-and-forget tool. */
export function resultSchemaOf(spec: Pick<ClientToolSpec, "outputSchema" | "awaited">): JsonObject | undefined {
  const kind = clientToolMode(spec);
  return kind.mode === "fire-and-forget" ? undefined : kind.outputSchema;
}

/** For the `default` of an exhaustive switch: a mode no case handles fails to compile. */
export function unknownMode(mode: never): never {
  throw new Error(`unknown client tool mode ${JSON.stringify(mode)}`);
}
