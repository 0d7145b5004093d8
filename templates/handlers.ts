// Template of the generated handlers.ts (see types.ts in this folder for how templates work).
// @gen:file
import type {
  ClientAction,
  ClientActionEvent,
  ClientToolArgsByKind,
  ClientToolResultByKind,
  ClientToolResultByName,
  // @gen:begin imports
  ExampleArgs,
  ExampleResult,
  // @gen:end imports
} from "./types.js";

// @gen:begin handlers
/**
 * One handler per client tool, keyed by the tool's name as written. An awaited tool's handler
 * returns its result (or a promise of it); a fire-and-forget tool's handler returns nothing.
 */
export interface ClientToolHandlers<Ctx = void> {
  /** Placeholder tool: replaced by the generator. */
  readonly example: (args: ExampleArgs, ctx: Ctx) => ExampleResult | Promise<ExampleResult>;
}

const clientToolNames: ReadonlySet<string> = new Set(["example"]);
/** Tools with an argument named `kind`, which the agent server sends as `mcp_arg_kind`. */
const toolsWithKindArgument: ReadonlySet<string> = new Set([]);
// @gen:end handlers

const KIND_PREFIX = "ClientAction_";

// The public signatures below use one flat indexed access each (no conditional types), and each
// implementation signature takes `unknown`: with thousands of tools, conditional types over the
// action union, or checking overloads against a union-typed implementation, grow quadratically.

/** True when `value` is an action of one of these client tools (an object whose `kind` names one). */
export function isClientAction(value: unknown): value is ClientAction {
  if (typeof value !== "object" || value === null) return false;
  const kind = (value as { readonly kind?: unknown }).kind;
  return typeof kind === "string" && kind.startsWith(KIND_PREFIX) && clientToolNames.has(kind.slice(KIND_PREFIX.length));
}

/** The tool arguments of an action: `kind` removed, and an argument sent as `mcp_arg_kind` named `kind` again. */
export function actionArgs<A extends ClientAction>(action: A): ClientToolArgsByKind[A["kind"]];
export function actionArgs(action: unknown): unknown {
  return argsOf(action as { readonly kind: string });
}

function argsOf(action: { readonly kind: string }): unknown {
  const { kind, ...args } = action as { readonly kind: string; readonly [key: string]: unknown };
  if (toolsWithKindArgument.has(kind.slice(KIND_PREFIX.length)) && Object.hasOwn(args, "mcp_arg_kind")) {
    const { mcp_arg_kind, ...rest } = args;
    return { ...rest, kind: mcp_arg_kind };
  }
  return args;
}

/**
 * Calls the handler for an action (or a whole `ActionEvent`) with its arguments and `ctx`, and
 * resolves to what the handler returned. Rejects, without calling anything, for an event without
 * an action (the model's arguments were invalid) or an action of no known tool.
 */
export function dispatchClientAction<A extends ClientAction, Ctx>(
  action: A,
  handlers: ClientToolHandlers<Ctx>,
  ctx: Ctx,
): Promise<ClientToolResultByKind[A["kind"]]>;
export function dispatchClientAction<E extends ClientActionEvent, Ctx>(
  event: E,
  handlers: ClientToolHandlers<Ctx>,
  ctx: Ctx,
): Promise<ClientToolResultByName[E["tool_name"]]>;
export function dispatchClientAction(input: unknown, handlers: unknown, ctx: unknown): Promise<unknown> {
  return new Promise((resolve) => {
    const kind = (input as { readonly kind?: unknown } | null)?.kind;
    const action: unknown = kind === "ActionEvent" ? (input as { readonly action?: unknown }).action : input;
    if (action === undefined) {
      throw new TypeError("dispatchClientAction received an ActionEvent without an action: the model's arguments were invalid, and the server sends an AgentErrorEvent for it");
    }
    if (!isClientAction(action)) {
      const kind = JSON.stringify((action as { kind?: unknown } | null)?.kind);
      throw new TypeError(`dispatchClientAction received an unknown action kind ${kind}: regenerate the client-tool bindings if the server has new tools`);
    }
    // Read through a plain type: when every tool's arguments are `never` (schemas no value can
    // match), ClientAction is `never` too, and a property of `never` does not compile.
    const name = (action as { readonly kind: string }).kind.slice(KIND_PREFIX.length);
    if (typeof handlers !== "object" || handlers === null || !Object.hasOwn(handlers, name)) {
      throw new TypeError(`no handler for client tool ${JSON.stringify(name)}: add it to your ClientToolHandlers`);
    }
    const handler = (handlers as Record<string, (args: unknown, ctx: unknown) => unknown>)[name]!;
    resolve(handler(argsOf(action), ctx));
  });
}
