import type { ClientToolAcknowledgement } from "./observation.js";

/**
 * One tool's row in the `ClientTools` interface that the generator emits: the action's `kind`,
 * the tool's mode, its arguments, what its call gives back (`void` for fire-and-forget; for a
 * private input, the response the model sees), its action, and a private input's value.
 */
export interface ClientToolRow {
  readonly kind: string;
  readonly mode: "fire-and-forget" | "awaited" | "awaited-content" | "private-input";
  readonly args: unknown;
  readonly result: unknown;
  readonly action: { readonly kind: string };
  readonly privateInput?: unknown;
}

/**
 * The constraint on a generated `ClientTools`: a row per tool name. Written over `keyof T` so that
 * an interface satisfies it (an interface has no implicit index signature).
 */
export type ClientToolTable<T> = { readonly [N in keyof T]: ClientToolRow };

/** Every tool's name. */
export type ToolNameOf<T> = keyof T & string;

/** Every action a frontend can receive, discriminated on `kind`. */
export type ClientActionOf<T extends ClientToolTable<T>> = T[keyof T]["action"];

/** The actions of fire-and-forget tools: what a page runs from an event stream (awaited calls are the runner's). */
export type FireAndForgetActionOf<T extends ClientToolTable<T>> = {
  readonly [N in keyof T]: T[N]["mode"] extends "fire-and-forget" ? T[N]["action"] : never;
}[keyof T];

/** Each action kind's arguments. */
export type ArgsByKindOf<T extends ClientToolTable<T>> = { readonly [N in keyof T as T[N]["kind"]]: T[N]["args"] };

/** Each action kind's result (`void` for fire-and-forget tools). */
export type ResultByKindOf<T extends ClientToolTable<T>> = { readonly [N in keyof T as T[N]["kind"]]: T[N]["result"] };

/** Each tool name's result (`void` for fire-and-forget tools). */
export type ResultByNameOf<T extends ClientToolTable<T>> = { readonly [N in keyof T]: T[N]["result"] };

/** What goes back to the model for each tool: an awaited tool's result, a fire-and-forget tool's acknowledgement. */
export type OutputByNameOf<T extends ClientToolTable<T>> = {
  readonly [N in keyof T]: T[N]["mode"] extends "fire-and-forget" ? ClientToolAcknowledgement : T[N]["result"];
};

/** The names of the tools whose calls wait for the client's answer: every one but the fire-and-forget tools. */
export type AwaitedToolNameOf<T extends ClientToolTable<T>> = {
  [N in keyof T]: T[N]["mode"] extends "fire-and-forget" ? never : N;
}[keyof T] &
  string;

/** What a tool's handler gives back: its result, or for a private-input tool the value the user entered. */
export type HandledOf<R extends ClientToolRow> = R["mode"] extends "private-input" ? R["privateInput"] : R["result"];

/**
 * One handler per client tool, keyed by the tool's name as written. An awaited tool's handler
 * returns its result (or a promise of it); a fire-and-forget tool's handler returns nothing; a
 * private-input tool's handler returns the value the user entered, which the runner sends to
 * the server alone (throw to report the prompt dismissed).
 */
export type ClientToolHandlersOf<T extends ClientToolTable<T>, Ctx = void> = {
  readonly [N in keyof T]: (args: T[N]["args"], ctx: Ctx) => HandledOf<T[N]> | Promise<HandledOf<T[N]>>;
};
