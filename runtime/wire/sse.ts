import type { ClientToolCancelledMessage, ClientToolRequest } from "./messages.js";
import { decodeClientToolCancelled, decodeClientToolRequest } from "./decode-request.js";
import { parseJsonOrUndefined } from "./wire-json.js";

/** The SSE event name of a request: `source.addEventListener(CLIENT_TOOL_EVENT, ...)` in the browser. */
export const CLIENT_TOOL_EVENT = "client_tool";
/** The SSE event name of a `client_tool.cancelled` message (pass it to `runner.cancel`). */
export const CLIENT_TOOL_CANCELLED_EVENT = "client_tool.cancelled";

/** `event: client_tool` with the request as its `data` line. */
export function encodeClientToolEvent(request: ClientToolRequest): string {
  return sseEvent(CLIENT_TOOL_EVENT, request);
}

export function encodeClientToolCancelledEvent(message: ClientToolCancelledMessage): string {
  return sseEvent(CLIENT_TOOL_CANCELLED_EVENT, message);
}

/** The request in a `client_tool` event's `data`; `undefined` when it is not one. */
export function decodeClientToolEvent(data: string): ClientToolRequest | undefined {
  return decodeClientToolRequest(parseJsonOrUndefined(data));
}

/** The message in a `client_tool.cancelled` event's `data`; `undefined` when it is not one. */
export function decodeClientToolCancelledEvent(data: string): ClientToolCancelledMessage | undefined {
  return decodeClientToolCancelled(parseJsonOrUndefined(data));
}

// JSON.stringify never emits a raw line break, so the data always fits on one `data:` line.
function sseEvent(name: string, data: object): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}
