import type { ClientToolTable, ToolNameOf } from "../wire/tool-table.js";
import type { ClientToolCallStateOf } from "./call-state.js";

/** Draws each state of a call of one tool. */
export type ClientToolRendererOf<T extends ClientToolTable<T>, N extends ToolNameOf<T>, R> = (state: ClientToolCallStateOf<T, N>) => R;

/**
 * One renderer per client tool, keyed by the tool's name as written, each over its own tool's
 * states: a tool left out is a compile error, unless a `default` renderer draws the rest.
 */
export type ClientToolRenderersOf<T extends ClientToolTable<T>, R> =
  | { readonly [N in ToolNameOf<T>]: ClientToolRendererOf<T, N, R> }
  | ({ readonly [N in ToolNameOf<T>]?: ClientToolRendererOf<T, N, R> } & { readonly default: (state: ClientToolCallStateOf<T>) => R });

/** Draws a call with its tool's renderer, or the `default` one. */
export function renderClientToolCall<T extends ClientToolTable<T>, R>(renderers: ClientToolRenderersOf<T, R>, state: ClientToolCallStateOf<T>): R {
  const byName = renderers as Readonly<Record<string, ((state: ClientToolCallStateOf<T>) => R) | undefined>>;
  const render = Object.hasOwn(byName, state.toolName) ? byName[state.toolName] : undefined;
  const chosen = render ?? byName["default"];
  // The types make one of them present; a renderers object built at run time may still lack both.
  if (chosen === undefined) throw new TypeError(`No renderer for the client tool ${JSON.stringify(state.toolName)}, and no default renderer.`);
  return chosen(state);
}
