import type { ClientToolCallStateOf } from "../../client/call-state.js";
import type { ClientToolCallStreams } from "../../client/call-streams.js";
import type { ClientToolTable, ToolNameOf } from "../../wire/tool-table.js";
import { openText } from "../open-text.js";

/**
 * A notification an MCP App's view receives from its host about the tool call it shows (MCP Apps,
 * `ui/notifications/tool-*`).
 */
export interface McpAppToolNotification {
  readonly method: string;
  readonly params?: {
    readonly arguments?: unknown;
    readonly structuredContent?: unknown;
    readonly content?: readonly { readonly type: string; readonly text?: string }[];
    readonly isError?: boolean;
    readonly reason?: string;
  };
}

/**
 * The state of the call an MCP App's view shows, after a notification from its host:
 * `tool-input-partial` carries the arguments so far as a value, which feeds the call's parser in
 * `streams` as the text it stands for, its last member at every depth still open (so nothing on
 * that path is taken as final before a later notification shows it closed); `tool-input` makes
 * them `input-available`; `tool-result` gives the output (its `structuredContent`, or its text)
 * or, with `isError`, the error; `tool-cancelled` the error with its reason. `undefined` for any
 * other notification, or a tool `streams` was not given.
 */
export function callStateFromMcp<T extends ClientToolTable<T>, N extends ToolNameOf<T>>(
  notification: McpAppToolNotification,
  streams: ClientToolCallStreams<T>,
  call: { readonly toolCallId: string; readonly toolName: N },
): ClientToolCallStateOf<T, N> | undefined {
  const { toolCallId, toolName } = call;
  const params = notification.params ?? {};
  let state: unknown;
  switch (notification.method) {
    case "ui/notifications/tool-input-partial":
      state = streams.read(toolCallId, toolName, params.arguments === undefined ? "" : openText(params.arguments));
      break;
    case "ui/notifications/tool-input":
      state = streams.settle(toolCallId, toolName, { status: "input-available", args: params.arguments ?? {} });
      break;
    case "ui/notifications/tool-result": {
      const text = (params.content ?? [])
        .flatMap((part) => (part.type === "text" && typeof part.text === "string" ? [part.text] : []))
        .join("\n");
      state =
        params.isError === true
          ? streams.settle(toolCallId, toolName, { status: "output-error", error: text || "The tool failed." })
          : streams.settle(toolCallId, toolName, {
              status: "output-available",
              result: params.structuredContent ?? text,
            });
      break;
    }
    case "ui/notifications/tool-cancelled":
      state = streams.settle(toolCallId, toolName, {
        status: "output-error",
        error: params.reason ?? "The call was cancelled.",
      });
      break;
    default:
      state = undefined;
  }
  return state as ClientToolCallStateOf<T, N> | undefined;
}
