import { decodeClientToolCancelled, decodeClientToolMismatch, decodeClientToolRequest } from "./decode-request.js";
import type { ClientToolCancelledMessage, ClientToolMismatchMessage, ClientToolRequest } from "./messages.js";
import { parseJsonOrUndefined } from "./wire-json.js";

/** The SSE event name of a request: `source.addEventListener(CLIENT_TOOL_EVENT, ...)` in the browser. */
export const CLIENT_TOOL_EVENT = "client_tool";
/** The SSE event name of a `client_tool.cancelled` message (pass it to `runner.cancel`). */
export const CLIENT_TOOL_CANCELLED_EVENT = "client_tool.cancelled";
/**
 * The SSE event name of a `client_tool.mismatch` message: the page's code is out of date for a call (ask the user to
 * reload).
 */
export const CLIENT_TOOL_MISMATCH_EVENT = "client_tool.mismatch";

/** `event: client_tool` with the request as its `data` line. */
export function encodeClientToolEvent(request: ClientToolRequest): string {
  return sseEvent(CLIENT_TOOL_EVENT, request);
}

export function encodeClientToolCancelledEvent(message: ClientToolCancelledMessage): string {
  return sseEvent(CLIENT_TOOL_CANCELLED_EVENT, message);
}

export function encodeClientToolMismatchEvent(message: ClientToolMismatchMessage): string {
  return sseEvent(CLIENT_TOOL_MISMATCH_EVENT, message);
}

/** The request in a `client_tool` event's `data`; `undefined` when it is not one. */
export function decodeClientToolEvent(data: string): ClientToolRequest | undefined {
  return decodeClientToolRequest(parseJsonOrUndefined(data));
}

/** The message in a `client_tool.cancelled` event's `data`; `undefined` when it is not one. */
export function decodeClientToolCancelledEvent(data: string): ClientToolCancelledMessage | undefined {
  return decodeClientToolCancelled(parseJsonOrUndefined(data));
}

/** The message in a `client_tool.mismatch` event's `data`; `undefined` when it is not one. */
export function decodeClientToolMismatchEvent(data: string): ClientToolMismatchMessage | undefined {
  return decodeClientToolMismatch(parseJsonOrUndefined(data));
}

// JSON.stringify never emits a raw line break, so the data always fits on one `data:` line.
function sseEvent(name: string, data: object): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}
