import { useMemo, type ReactNode } from "react";
import type { ClientToolCallStateOf } from "../../call-state/call-state.js";
import type { ClientToolCallStreams } from "../../call-state/call-streams.js";
import { renderClientToolCall, type ClientToolRenderersOf } from "../../call-state/renderers.js";
import { toClientToolCallState, type AiSdkPartToolName, type AiSdkToolPart } from "../ai-sdk/call-state.js";
import type { ClientToolTable } from "../../wire/tool-table.js";

/**
 * The state of the call an AI SDK tool part shows, again at each render the part changed in (for
 * `useChat`, each delta of its arguments): the parser kept for its `toolCallId` in `streams` reads
 * only what is new. `undefined` for a part of a tool `streams` was not given.
 */
export function useClientToolCall<T extends ClientToolTable<T>, P extends AiSdkToolPart>(part: P, streams: ClientToolCallStreams<T>): ClientToolCallStateOf<T, AiSdkPartToolName<T, P>> | undefined {
  return useMemo(() => toClientToolCallState(part, streams), [part, streams]);
}

export interface ClientToolCallProps<T extends ClientToolTable<T>, P extends AiSdkToolPart> {
  /** A tool part of a `useChat` message. */
  readonly part: P;
  /** Where the calls' parsers are kept: `createClientToolCallStreams<ClientTools>({ specs: clientToolSpecs, validators: clientToolValidators })`, made once. */
  readonly streams: ClientToolCallStreams<T>;
  /** One renderer per tool (the generated `ClientToolRenderers<ReactNode>`), each given only its own tool's states. */
  readonly renderers: ClientToolRenderersOf<T, ReactNode>;
  /** Drawn for a part of a tool `streams` was not given; nothing by default. */
  readonly fallback?: ReactNode;
}

/** Draws the call an AI SDK tool part shows with its tool's renderer, in every state it goes through. */
export function ClientToolCall<T extends ClientToolTable<T>, P extends AiSdkToolPart>(props: ClientToolCallProps<T, P>): ReactNode {
  const state = useClientToolCall(props.part, props.streams);
  return state === undefined ? (props.fallback ?? null) : renderClientToolCall(props.renderers, state as ClientToolCallStateOf<T>);
}
