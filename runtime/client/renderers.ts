import type { ClientToolTable } from "../wire/tool-table.js";
import type { ClientToolCallStateOf } from "./call-state.js";

/**
 * One renderer per client tool, keyed by the tool's name as written, each over its own tool's
 * states: a tool left out is a compile error, unless a `default` renderer draws the rest.
 */
export type ClientToolRenderersOf<T extends ClientToolTable<T>, R> = RenderersOfStates<ClientToolCallStateOf<T>, R>;

/**
 * Renderers for these states (a union over tools), keyed by tool name: what `renderClientToolCall` reads its types
 * from.
 */
export type RenderersOfStates<S extends { readonly toolName: string }, R> =
  | { readonly [N in S["toolName"]]: (state: Extract<S, { readonly toolName: N }>) => R }
  | ({ readonly [N in S["toolName"]]?: (state: Extract<S, { readonly toolName: N }>) => R } & {
      readonly default: (state: S) => R;
    });

/** Draws a call with its tool's renderer, or the `default` one. */
export function renderClientToolCall<S extends { readonly toolName: string }, R>(
  renderers: RenderersOfStates<S, R>,
  state: S,
): R {
  const byName = renderers as Readonly<Record<string, ((state: S) => R) | undefined>>;
  const render = Object.hasOwn(byName, state.toolName) ? byName[state.toolName] : undefined;
  const chosen = render ?? byName["default"];
  // The types make one of them present; a renderers object built at run time may still lack both.
  if (chosen === undefined)
    throw new TypeError(`No renderer for the client tool ${JSON.stringify(state.toolName)}, and no default renderer.`);
  return chosen(state);
}
