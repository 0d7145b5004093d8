// Template of the generated handlers.ts (see types.ts in this folder for how templates work).
// @gen:file
import type {
  ClientAction,
  ClientActionEvent,
  ClientToolAcknowledgement,
  ClientToolArgsByKind,
  ClientToolMap,
  ClientToolName,
  ClientToolOutputByName,
  ClientToolResultByKind,
  ClientToolResultByName,
  // @gen:begin imports
  ExampleArgs,
  ExampleResult,
  // @gen:end imports
} from "./types.js";
// @gen:begin validators
/** The argument validators made with `--validators`; without them, arguments are checked only for being an object. */
const generatedValidators: ClientToolArgsValidators | undefined = undefined;
// @gen:end validators

// @gen:begin handlers
/**
 * One handler per client tool, keyed by the tool's name as written. An awaited tool's handler
 * returns its result (or a promise of it); a fire-and-forget tool's handler returns nothing; a
 * private-input tool's handler returns the value the user entered, which the runner sends to
 * the server alone (throw to report the prompt dismissed).
 */
export interface ClientToolHandlers<Ctx = void> {
  /** Placeholder tool: replaced by the generator. */
  readonly example: (args: ExampleArgs, ctx: Ctx) => ExampleResult | Promise<ExampleResult>;
}

const clientToolNames: ReadonlySet<string> = new Set(["example"]);
/** The fire-and-forget tools: what goes back to the model for their calls is the acknowledgement. */
const fireAndForgetTools: ReadonlySet<string> = new Set([]);
/**
 * The private-input tools: their calls come through the broker's runner, which sends the value
 * to the server alone; a framework's tool-output path (`dispatchToolCall`) never runs them.
 */
const privateInputTools: ReadonlySet<string> = new Set([]);
/**
 * Tools that declare an argument named `mcp_arg_kind` and none named `kind`. The agent server
 * sends an argument named `kind` as `mcp_arg_kind`; in these tools' actions `mcp_arg_kind` is
 * their own argument, so an argument named `kind` cannot travel in them.
 */
const toolsWithOwnMcpArgKind: ReadonlySet<string> = new Set([]);
// @gen:end handlers

const KIND_PREFIX = "ClientAction_";
/** Where an action carries an argument named `kind`: `kind` itself names the action. */
const KIND_ARGUMENT = "mcp_arg_kind";

/** The text the model sees once a fire-and-forget tool's call has reached the client. */
export const clientToolAcknowledgement: ClientToolAcknowledgement = "Tool call dispatched to client.";

/** One reason the arguments of a call were refused; `instancePath` is a JSON Pointer into the arguments. */
export interface ClientToolCallError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message: string;
}

/**
 * Why a call was not carried out: the model named no such tool, sent arguments that are not JSON
 * or do not match, the handler failed, or the tool takes a private input (which goes to the server
 * through the runner, never into a framework's messages).
 */
export type ClientToolCallFailureReason = "unknown_tool" | "invalid_json" | "invalid_arguments" | "handler_error" | "private_input";

/** A call that was not carried out; `message` is written for the model, which can correct its call. */
export interface ClientToolCallFailure {
  readonly ok: false;
  readonly name: string;
  readonly reason: ClientToolCallFailureReason;
  readonly message: string;
  /** For `invalid_arguments` found by a validator: each reason. */
  readonly errors?: readonly ClientToolCallError[];
}

/** A call that was carried out: the handler's `result`, and the `output` that goes back to the model. */
export type ClientToolCallSuccess<N extends ClientToolName = ClientToolName> = {
  readonly [K in N]: { readonly ok: true; readonly name: K; readonly result: ClientToolResultByName[K]; readonly output: ClientToolOutputByName[K] };
}[N];

/** What `dispatchToolCall` resolves to. */
export type ClientToolCallOutcome<N extends ClientToolName = ClientToolName> = ClientToolCallSuccess<N> | ClientToolCallFailure;

/** The action a call becomes, or why it cannot become one. */
export type ClientToolActionOutcome<N extends ClientToolName = ClientToolName> =
  | { readonly [K in N]: { readonly ok: true; readonly name: K; readonly action: ClientToolMap[K]["action"] } }[N]
  | ClientToolCallFailure;

/** An argument validator per tool name, such as `clientToolValidators` from the generated validators. */
export interface ClientToolArgsValidators {
  readonly [name: string]: { readonly args?: ClientToolArgsValidator } | undefined;
}

/** A validator: true when the value matches; after false, `errors` says why (ajv's shape). */
export type ClientToolArgsValidator = ((data: unknown) => boolean) & {
  readonly errors?: readonly { readonly instancePath: string; readonly keyword: string; readonly message?: string }[] | null;
};

/** The arguments after the handlers: `ctx` (which handlers that take none need not be given) and the options. */
export type ClientToolCallRest<Ctx> = [Ctx] extends [void] ? [ctx?: Ctx, options?: ClientToolCallOptions] : [ctx: Ctx, options?: ClientToolCallOptions];

/** Options of `dispatchToolCall` and `toClientAction`. */
export interface ClientToolCallOptions {
  /** Validators to check arguments with instead of the generated ones. */
  readonly validators?: ClientToolArgsValidators;
  /**
   * The export the model was given (`exportClientTools(..., { strict: "compile" })`): the model's
   * arguments under a strict variant are mapped back to the tool's own shape before they are checked.
   */
  readonly strictArguments?: { readonly fromStrictArguments: (toolName: string, args: unknown) => unknown };
}

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
  if (!toolsWithOwnMcpArgKind.has(kind.slice(KIND_PREFIX.length)) && Object.hasOwn(args, KIND_ARGUMENT)) {
    const { [KIND_ARGUMENT]: argument, ...rest } = args;
    return { ...rest, kind: argument };
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
    if (privateInputTools.has(name)) throw new TypeError(privateInputMessage(name));
    const handler = findHandler(handlers, name);
    if (handler === undefined) {
      throw new TypeError(`no handler for client tool ${JSON.stringify(name)}: add it to your ClientToolHandlers`);
    }
    resolve(handler.call(handlers, argsOf(action), ctx));
  });
}

/** True when `name` is the name of one of these client tools. */
export function isClientToolName(name: unknown): name is ClientToolName {
  return typeof name === "string" && clientToolNames.has(name);
}

/**
 * Checks a call as a framework hands it over (a tool name and its arguments, as an object or as
 * the model's JSON text) and calls the tool's handler with the arguments and `ctx`. Never
 * rejects: resolves to the result and the `output` for the model (the result, or the
 * acknowledgement for a fire-and-forget tool), or to why the call failed.
 */
export function dispatchToolCall<N extends ClientToolName, Ctx = void>(
  name: N,
  args: unknown,
  handlers: ClientToolHandlers<Ctx>,
  ...rest: ClientToolCallRest<Ctx>
): Promise<ClientToolCallOutcome<N>>;
export function dispatchToolCall<Ctx = void>(name: string, args: unknown, handlers: ClientToolHandlers<Ctx>, ...rest: ClientToolCallRest<Ctx>): Promise<ClientToolCallOutcome>;
export async function dispatchToolCall(name: string, args: unknown, handlers: unknown, ctx: unknown, options?: ClientToolCallOptions): Promise<unknown> {
  const checked = checkCall(name, args, options);
  if (!checked.ok) return checked;
  if (privateInputTools.has(name)) return failure(name, "private_input", privateInputMessage(name));
  const handler = findHandler(handlers, name);
  if (handler === undefined) {
    return failure(name, "handler_error", `This client has no handler for the tool ${JSON.stringify(name)}: add it to your ClientToolHandlers.`);
  }
  try {
    const result: unknown = await handler.call(handlers, checked.args, ctx);
    return { ok: true, name, result, output: fireAndForgetTools.has(name) ? clientToolAcknowledgement : result };
  } catch (error) {
    return failure(name, "handler_error", messageOf(error));
  }
}

/** The same checks as `dispatchToolCall`, and the action the call becomes: what an agent server would send for it. */
export function toClientAction<N extends ClientToolName>(name: N, args: unknown, options?: ClientToolCallOptions): ClientToolActionOutcome<N>;
export function toClientAction(name: string, args: unknown, options?: ClientToolCallOptions): ClientToolActionOutcome;
export function toClientAction(name: string, args: unknown, options?: ClientToolCallOptions): unknown {
  const checked = checkCall(name, args, options);
  if (!checked.ok) return checked;
  const { kind, ...rest } = checked.args;
  const action = Object.hasOwn(checked.args, "kind") ? { ...rest, [KIND_ARGUMENT]: kind } : rest;
  return { ok: true, name, action: { kind: KIND_PREFIX + name, ...action } };
}

type CheckedCall = { readonly ok: true; readonly args: { readonly [key: string]: unknown } } | ClientToolCallFailure;

function checkCall(name: string, input: unknown, options: ClientToolCallOptions | undefined): CheckedCall {
  if (!isClientToolName(name)) {
    return failure(String(name), "unknown_tool", `There is no client tool named ${JSON.stringify(name)}.`);
  }
  let args = input;
  if (typeof input === "string") {
    // Providers send an empty string for a call without arguments.
    if (input.trim() === "") args = {};
    else {
      try {
        args = JSON.parse(input);
      } catch (error) {
        return failure(name, "invalid_json", `The arguments for ${name} are not valid JSON: ${messageOf(error)}.`);
      }
    }
  }
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    return failure(name, "invalid_arguments", `The arguments for ${name} must be a JSON object.`);
  }
  if (options?.strictArguments !== undefined) args = options.strictArguments.fromStrictArguments(name, args);
  const object = args as { readonly [key: string]: unknown };
  if (toolsWithOwnMcpArgKind.has(name) && Object.hasOwn(object, "kind")) {
    return failure(name, "invalid_arguments", `The arguments for ${name} cannot have a property "kind": this tool's own "${KIND_ARGUMENT}" takes its place in an action.`);
  }
  if (!toolsWithOwnMcpArgKind.has(name) && Object.hasOwn(object, "kind") && Object.hasOwn(object, KIND_ARGUMENT)) {
    return failure(name, "invalid_arguments", `The arguments for ${name} cannot have both "kind" and "${KIND_ARGUMENT}": an action carries "kind" as "${KIND_ARGUMENT}".`);
  }
  const validator = (options?.validators ?? generatedValidators)?.[name]?.args;
  if (validator !== undefined && !validator(object)) {
    const errors = (validator.errors ?? []).map((e): ClientToolCallError => ({ instancePath: e.instancePath, keyword: e.keyword, message: e.message ?? e.keyword }));
    const reasons = errors.map((e) => `${e.instancePath || "/"} ${e.message}`).join("; ");
    return { ...failure(name, "invalid_arguments", `Invalid arguments for ${name}: ${reasons || "they do not match its parameters schema"}.`), errors };
  }
  return { ok: true, args: object };
}

function privateInputMessage(name: string): string {
  return `The client tool ${JSON.stringify(name)} takes a private input: its calls come from the server's broker, and the runner (createClientToolRunner) sends the value to the server alone.`;
}

function failure(name: string, reason: ClientToolCallFailureReason, message: string): ClientToolCallFailure {
  return { ok: false, name, reason, message };
}

/** A handler, own or inherited (class instances keep methods on their prototype), never one of Object.prototype's. */
function findHandler(handlers: unknown, name: string): ((args: unknown, ctx: unknown) => unknown) | undefined {
  let holder = typeof handlers === "object" ? handlers : null;
  while (holder !== null && holder !== Object.prototype) {
    if (Object.hasOwn(holder, name)) {
      const handler: unknown = (holder as Record<string, unknown>)[name];
      return typeof handler === "function" ? (handler as (args: unknown, ctx: unknown) => unknown) : undefined;
    }
    holder = Object.getPrototypeOf(holder) as object | null;
  }
  return undefined;
}

/** Only the message goes to the model: a stack would leak the client's internals. */
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === "string") return error;
  return "The tool's handler failed.";
}
