import { type ReactNode, useMemo, useSyncExternalStore } from "react";
import type { ClientToolCallStateOf } from "../../client/call-state.js";
import type { ClientToolCallStreams } from "../../client/call-streams.js";
import { type ClientToolRenderersOf, renderClientToolCall } from "../../client/renderers.js";
import type { ClientToolTable } from "../../wire/tool-table.js";
import { type AiSdkPartToolName, type AiSdkToolPart, callStateFromAiSdkPart } from "../ai-sdk/call-state.js";

/**
 * The state of the call an AI SDK tool part shows, again at each render the part changed in (for
 * `useChat`, each delta of its arguments): the parser kept for its `toolCallId` in `streams` reads
 * only what is new. `undefined` for a part of a tool `streams` was not given.
 */
export function useClientToolCall<T extends ClientToolTable<T>, P extends AiSdkToolPart>(
  part: P,
  streams: ClientToolCallStreams<T>,
): ClientToolCallStateOf<T, AiSdkPartToolName<T, P>> | undefined {
  return useMemo(() => callStateFromAiSdkPart(part, streams), [part, streams]);
}

export interface ClientToolCallProps<T extends ClientToolTable<T>, P extends AiSdkToolPart> {
  /** A tool part of a `useChat` message. */
  readonly part: P;
  /**
   * Where the calls' parsers are kept: `createClientToolCallStreams<ClientTools>({ specs: clientToolSpecs, validators:
   * clientToolValidators })`, made once.
   */
  readonly streams: ClientToolCallStreams<T>;
  /** One renderer per tool (the generated `ClientToolRenderers<ReactNode>`), each given only its own tool's states. */
  readonly renderers: ClientToolRenderersOf<T, ReactNode>;
  /** Drawn for a part of a tool `streams` was not given; nothing by default. */
  readonly fallback?: ReactNode;
}

/** Draws the call an AI SDK tool part shows with its tool's renderer, in every state it goes through. */
export function ClientToolCallView<T extends ClientToolTable<T>, P extends AiSdkToolPart>(
  props: ClientToolCallProps<T, P>,
): ReactNode {
  const state = useClientToolCall(props.part, props.streams);
  return state === undefined
    ? (props.fallback ?? null)
    : renderClientToolCall(props.renderers, state as ClientToolCallStateOf<T>);
}

/** Where a source's call states come from: called with what to give each state to, it returns how to stop. */
export type ClientToolCallSubscription<S> = (onState: (state: S | undefined) => void) => () => void;

/**
 * The calls of a source that pushes events (an AG-UI agent, an MCP App's host, the broker's
 * requests): each call's latest state, in the order the calls began, drawn again at each state a
 * call reaches. `subscribe` gives each event's state (`callStateFromAiSdkPart` of the source, an
 * `undefined` for an event of no call is passed over); it is subscribed once per value, so keep
 * it the same from one render to the next (made outside the component, or with `useCallback`).
 */
export function useClientToolCallStates<S extends { readonly toolCallId: string }>(
  subscribe: ClientToolCallSubscription<S>,
): readonly S[] {
  const store = useMemo(() => {
    let states: readonly S[] = [];
    const order = new Map<string, number>();
    const listeners = new Set<() => void>();
    let stop: (() => void) | undefined;
    const onState = (state: S | undefined) => {
      if (state === undefined) return;
      const at = order.get(state.toolCallId);
      if (at !== undefined && states[at] === state) return;
      if (at === undefined) order.set(state.toolCallId, states.length);
      const next = [...states];
      next[at ?? next.length] = state;
      states = next;
      for (const listener of listeners) listener();
    };
    return {
      subscribe(listener: () => void) {
        listeners.add(listener);
        if (listeners.size === 1) stop = subscribe(onState);
        return () => {
          listeners.delete(listener);
          if (listeners.size === 0) stop?.();
        };
      },
      states: () => states,
    };
  }, [subscribe]);
  return useSyncExternalStore(store.subscribe, store.states, store.states);
}
