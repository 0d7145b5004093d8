import type { JsonObject } from "../util/json.js";
import { CONTENT_RESULT_SCHEMA } from "./content-result.js";
import type { ClientToolPrivateInput, ClientToolSpec } from "./types.js";

/**
 * How a call of a client tool ends, which decides what the server, the model and the client's
 * handler see:
 * - `"fire-and-forget"`: the call ends when it is sent (the model sees "Tool call dispatched to client.");
 * - `"awaited"`: when the client answers with a result that matches the tool's `outputSchema`;
 * - `"awaited-content"` (`"awaited": true`, no `outputSchema`): when the client answers with text
 *   for the model, `{ content: [{ type: "text", text }], isError? }` (checked against
 *   `CONTENT_RESULT_SCHEMA`, given here as `outputSchema`);
 * - `"private-input"` (a `privateInput`): when the client submits a value matching
 *   `privateInput.schema` and the server's handler has taken it; the model sees `privateInput.response`.
 * Code that treats the modes differently switches on this, exhaustively.
 */
export type ClientToolMode =
  | { readonly mode: "fire-and-forget" }
  | { readonly mode: "awaited"; readonly outputSchema: JsonObject }
  | { readonly mode: "awaited-content"; readonly outputSchema: JsonObject }
  | { readonly mode: "private-input"; readonly privateInput: ClientToolPrivateInput };

export function clientToolMode(
  spec: Pick<ClientToolSpec, "outputSchema" | "awaited" | "privateInput">,
): ClientToolMode {
  if (spec.privateInput !== undefined) return { mode: "private-input", privateInput: spec.privateInput };
  if (spec.outputSchema !== undefined) return { mode: "awaited", outputSchema: spec.outputSchema };
  return spec.awaited === true
    ? { mode: "awaited-content", outputSchema: CONTENT_RESULT_SCHEMA }
    : { mode: "fire-and-forget" };
}

/**
 * The schema a client's answer is checked against: the tool's `outputSchema`, the content
 * result's, or a private input's own; undefined for a fire-and-forget tool. Never export it to a
 * model for a private-input tool: what the model sees of that is the response.
 */
export function answerSchemaOf(
  spec: Pick<ClientToolSpec, "outputSchema" | "awaited" | "privateInput">,
): JsonObject | undefined {
  const kind = clientToolMode(spec);
  switch (kind.mode) {
    case "fire-and-forget":
      return undefined;
    case "awaited":
    case "awaited-content":
      return kind.outputSchema;
    case "private-input":
      return kind.privateInput.schema;
    default:
      return unknownMode(kind);
  }
}

/** For the `default` of an exhaustive switch: a mode no case handles fails to compile. */
export function unknownMode(mode: never): never {
  throw new Error(`unknown client tool mode ${JSON.stringify(mode)}`);
}
