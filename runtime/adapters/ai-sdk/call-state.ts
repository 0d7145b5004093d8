import type { ClientToolCallStateOf } from "../../client/call-state.js";
import type { ClientToolCallStreams } from "../../client/call-streams.js";
import type { ClientToolTable, ToolNameOf } from "../../wire/tool-table.js";
import { openText } from "../open-text.js";

/** A tool part of an AI SDK UI message as `useChat` gives it: `tool-<name>`, or `dynamic-tool` with its `toolName`. */
export interface AiSdkToolPart {
  readonly type: string;
  readonly toolCallId: string;
  readonly state: string;
  readonly toolName?: string;
  readonly input?: unknown;
  /** The arguments' text so far while they stream in (`ai` 6 keeps it so a resumed stream goes on). */
  readonly rawInput?: unknown;
  readonly output?: unknown;
  readonly errorText?: string;
  readonly approval?: { readonly approved?: boolean; readonly reason?: string };
}

/** The tool a part is of: `tool-pick_colour` is of `pick_colour`. */
export type AiSdkPartToolName<T, P> = P extends { readonly type: `tool-${infer N}` }
  ? Extract<N, ToolNameOf<T>>
  : ToolNameOf<T>;

const DENIED = "The call was denied.";

/**
 * The state of a client tool's call from its AI SDK part. While the arguments stream in, the
 * part's `rawInput` feeds the call's parser in `streams` (only what is new is read), so the state
 * has them typed, with values from a list shown only once whole, and `isFinal` for each part.
 * `undefined` for a part of a tool `streams` was not given.
 */
export function callStateFromAiSdkPart<T extends ClientToolTable<T>, P extends AiSdkToolPart>(
  part: P,
  streams: ClientToolCallStreams<T>,
): ClientToolCallStateOf<T, AiSdkPartToolName<T, P>> | undefined {
  const toolName =
    part.type === "dynamic-tool"
      ? part.toolName
      : part.type.startsWith("tool-")
        ? part.type.slice("tool-".length)
        : undefined;
  if (toolName === undefined) return undefined;
  const id = part.toolCallId;
  let state: unknown;
  switch (part.state) {
    case "input-streaming":
      state = streams.read(
        id,
        toolName,
        typeof part.rawInput === "string" ? part.rawInput : part.input === undefined ? "" : openText(part.input),
      );
      break;
    case "input-available":
    case "approval-requested":
      state = streams.settle(id, toolName, { status: part.state, args: part.input });
      break;
    case "approval-responded":
      state =
        part.approval?.approved === false
          ? streams.settle(id, toolName, {
              status: "output-error",
              args: part.input,
              error: part.approval.reason ?? DENIED,
            })
          : streams.settle(id, toolName, { status: "input-available", args: part.input });
      break;
    case "output-available":
      state = streams.settle(id, toolName, { status: "output-available", args: part.input, result: part.output });
      break;
    case "output-error":
      state = streams.settle(id, toolName, {
        status: "output-error",
        args: part.input,
        error: part.errorText ?? "The call failed.",
      });
      break;
    case "output-denied":
      state = streams.settle(id, toolName, {
        status: "output-error",
        args: part.input,
        error: part.approval?.reason ?? DENIED,
      });
      break;
    default:
      state = undefined;
  }
  return state as ClientToolCallStateOf<T, AiSdkPartToolName<T, P>> | undefined;
}
