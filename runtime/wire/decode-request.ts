// Shape checks for what a client receives from the server (in WebSocket messages and SSE
// events). The client runner trusts what it is given, so a client checks here first.

import { isRecord } from "../util/guards.js";
import type { JsonObject } from "../util/json.js";
import type { ClientToolCancelledMessage, ClientToolMismatchMessage, ClientToolRequest } from "./messages.js";
import { isClientToolDifferences } from "./tool-difference.js";
import { parseTraceparent } from "./traceparent.js";

/** The request, or `undefined` when the value is not one. */
export function decodeClientToolRequest(value: unknown): ClientToolRequest | undefined {
  if (!isRecord(value)) return undefined;
  const {
    requestId,
    conversationId,
    toolName,
    toolCallId,
    args,
    attempt,
    expiresAt,
    privateInput,
    privateInputSchema,
  } = value;
  if (
    typeof requestId !== "string" ||
    typeof conversationId !== "string" ||
    typeof toolName !== "string" ||
    typeof toolCallId !== "string"
  )
    return undefined;
  if (
    !isRecord(args) ||
    typeof attempt !== "number" ||
    !Number.isSafeInteger(attempt) ||
    attempt < 1 ||
    typeof expiresAt !== "number"
  )
    return undefined;
  // A trace context that is not one is left out: it only ever parents a span.
  const request = {
    requestId,
    conversationId,
    toolName,
    toolCallId,
    args,
    attempt,
    expiresAt,
    ...(parseTraceparent(value["traceparent"]) !== undefined && { traceparent: value["traceparent"] as string }),
  };
  if (privateInput === undefined) return request;
  // A private input's request says so, with the value's schema: the client must not treat it as any other call.
  if (privateInput !== true || !isRecord(privateInputSchema)) return undefined;
  return { ...request, privateInput, privateInputSchema: privateInputSchema as JsonObject };
}

/** The cancellation (its `type` is not checked: the SSE event name carries it there), or `undefined`. */
export function decodeClientToolCancelled(value: unknown): ClientToolCancelledMessage | undefined {
  if (!isRecord(value) || typeof value["requestId"] !== "string" || typeof value["reason"] !== "string")
    return undefined;
  return { type: "client_tool.cancelled", requestId: value["requestId"], reason: value["reason"] };
}

/** The mismatch (its `type` is not checked: the SSE event name carries it there), or `undefined`. */
export function decodeClientToolMismatch(value: unknown): ClientToolMismatchMessage | undefined {
  if (!isRecord(value)) return undefined;
  const { requestId, conversationId, toolCallId, toolName, differs } = value;
  if (
    (requestId !== undefined && typeof requestId !== "string") ||
    typeof conversationId !== "string" ||
    typeof toolCallId !== "string" ||
    typeof toolName !== "string"
  )
    return undefined;
  if (!isClientToolDifferences(differs)) return undefined;
  return {
    type: "client_tool.mismatch",
    ...(requestId !== undefined && { requestId }),
    conversationId,
    toolCallId,
    toolName,
    differs,
  };
}
