import type { JsonObject } from "../util/json.js";

/**
 * What the client answers a call of a tool that is awaited without an `outputSchema` (spec
 * `"awaited": true`) with: text for the model, as an MCP tool result carries it.
 */
export interface ClientToolContentResult {
  readonly content: readonly { readonly type: "text"; readonly text: string }[];
  /** The tool ran and failed: the text says how, for the model. */
  readonly isError?: boolean;
}

/** The name of {@link ClientToolContentResult}, also in generated types.ts: no tool's own type names may take it. */
export const CONTENT_RESULT_TYPE = "ClientToolContentResult";

/**
 * The schema of {@link ClientToolContentResult}: what the broker and the generated validators check such a result
 * against.
 */
export const CONTENT_RESULT_SCHEMA: JsonObject = deepFreeze({
  type: "object",
  properties: {
    content: {
      type: "array",
      items: {
        type: "object",
        properties: { type: { const: "text" }, text: { type: "string" } },
        required: ["type", "text"],
        additionalProperties: false,
      },
    },
    isError: { type: "boolean" },
  },
  required: ["content"],
  additionalProperties: false,
});

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) if (typeof child === "object" && child !== null) deepFreeze(child);
  return Object.freeze(value);
}
