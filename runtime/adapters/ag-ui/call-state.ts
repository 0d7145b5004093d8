import type { ClientToolCallStateOf } from "../../client/call-state.js";
import type { ClientToolCallStreams } from "../../client/call-streams.js";
import type { ClientToolTable } from "../../wire/tool-table.js";
import { parseJsonOrUndefined } from "../../wire/wire-json.js";

/** The AG-UI events a tool call's states come from (`@ag-ui/core`'s own, read by their fields). */
export interface AgUiToolCallEventLike {
  readonly type: string;
  readonly toolCallId?: string;
  readonly toolCallName?: string;
  readonly delta?: string;
  readonly content?: string;
}

/**
 * The state of a client tool's call after this AG-UI event, or `undefined` for an event of no
 * client tool's call: `TOOL_CALL_START` begins it, each `TOOL_CALL_ARGS` (or `TOOL_CALL_CHUNK`)
 * delta feeds its parser in `streams` (so the state has the arguments typed, values from a list
 * shown only once whole, with `isFinal`), `TOOL_CALL_END` makes them `input-available` (checked
 * by the validators `streams` was given), and `TOOL_CALL_RESULT` gives the output.
 */
export function callStateFromAgUi<T extends ClientToolTable<T>>(
  event: AgUiToolCallEventLike,
  streams: ClientToolCallStreams<T>,
): ClientToolCallStateOf<T> | undefined {
  const id = event.toolCallId;
  if (typeof id !== "string") return undefined;
  const toolName = typeof event.toolCallName === "string" ? event.toolCallName : streams.toolNameOf(id);
  if (toolName === undefined) return undefined;
  switch (event.type) {
    case "TOOL_CALL_START":
    case "TOOL_CALL_ARGS":
    case "TOOL_CALL_CHUNK":
      return streams.append(id, toolName, typeof event.delta === "string" ? event.delta : "");
    case "TOOL_CALL_END":
      return streams.finish(id);
    case "TOOL_CALL_RESULT": {
      const content = typeof event.content === "string" ? event.content : "";
      // A result is JSON text; anything else is what the tool said, as text.
      const result = parseJsonOrUndefined(content);
      return streams.settle(id, toolName, {
        status: "output-available",
        result: result === undefined ? content : result,
      });
    }
    default:
      return undefined;
  }
}
