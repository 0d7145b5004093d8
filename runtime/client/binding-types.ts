// The types of the bindings generated code makes with bindClientTools: its input, what it returns, and a call's outcome.
import type {
  ArgsByKindOf,
  ClientActionOf,
  ClientToolHandlersOf,
  ClientToolTable,
  FireAndForgetActionOf,
  OutputByNameOf,
  ResultByKindOf,
  ResultByNameOf,
  ToolNameOf,
} from "../wire/tool-table.js";

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
export type ClientToolCallFailureReason =
  | "unknown_tool"
  | "invalid_json"
  | "invalid_arguments"
  | "handler_error"
  | "private_input";

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
export type ClientToolCallSuccessOf<T extends ClientToolTable<T>, N extends ToolNameOf<T> = ToolNameOf<T>> = {
  readonly [K in N]: {
    readonly ok: true;
    readonly name: K;
    readonly result: ResultByNameOf<T>[K];
    readonly output: OutputByNameOf<T>[K];
  };
}[N];

/** What `dispatchToolCall` resolves to. */
export type ClientToolCallOutcomeOf<T extends ClientToolTable<T>, N extends ToolNameOf<T> = ToolNameOf<T>> =
  | ClientToolCallSuccessOf<T, N>
  | ClientToolCallFailure;

/** The action a call becomes, or why it cannot become one. */
export type ClientToolActionOutcomeOf<T extends ClientToolTable<T>, N extends ToolNameOf<T> = ToolNameOf<T>> =
  | { readonly [K in N]: { readonly ok: true; readonly name: K; readonly action: T[K]["action"] } }[N]
  | ClientToolCallFailure;

/** A validator: true when the value matches; after false, `errors` says why (ajv's shape). */
export type ClientToolArgsValidator = ((data: unknown) => boolean) & {
  readonly errors?:
    | readonly {
        readonly instancePath: string;
        readonly keyword: string;
        readonly message?: string;
        readonly params?: { readonly [key: string]: unknown };
      }[]
    | null;
};

/** An argument validator per tool name, such as `clientToolValidators` from the generated validators. */
export interface ClientToolArgsValidators {
  readonly [name: string]: { readonly args?: ClientToolArgsValidator } | undefined;
}

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

/** The arguments after the handlers: `ctx` (which handlers that take none need not be given) and the options. */
export type ClientToolCallRest<Ctx> = [Ctx] extends [void]
  ? [ctx?: Ctx, options?: ClientToolCallOptions]
  : [ctx: Ctx, options?: ClientToolCallOptions];

/**
 * What the generated module hands `bindClientTools`: each tool's mode by name (checked against
 * `ClientTools`), the tools whose own argument is named `mcp_arg_kind`, and the validators when
 * made. Not the specs: a page that dispatches never bundles the schemas.
 */
export interface ClientToolBindingInput<T extends ClientToolTable<T>> {
  readonly tools: { readonly [N in keyof T]: T[N]["mode"] };
  /**
   * Tools that declare an argument named `mcp_arg_kind` and none named `kind`: in their actions
   * `mcp_arg_kind` is their own argument, so an argument named `kind` cannot travel in them.
   */
  readonly ownMcpArgKind?: readonly (keyof T & string)[];
  readonly validators?: ClientToolArgsValidators;
}

/** The functions a generated module exports, typed by its `ClientTools`. */
export interface ClientToolBindings<T extends ClientToolTable<T>> {
  /** True when `value` is an action of one of these client tools (an object whose `kind` names one). */
  readonly isClientAction: (value: unknown) => value is ClientActionOf<T>;
  /**
   * True when `value` is the action of a fire-and-forget tool: what a page runs from its event
   * stream with `dispatchClientAction`. An awaited tool's call reaches the client runner as a
   * request, which runs its handler and answers the server.
   */
  readonly isFireAndForgetAction: (value: unknown) => value is FireAndForgetActionOf<T>;
  /** True when `name` is the name of one of these client tools. */
  readonly isClientToolName: (name: unknown) => name is ToolNameOf<T>;
  /** The tool arguments of an action: `kind` removed, and an argument sent as `mcp_arg_kind` named `kind` again. */
  readonly actionArgs: <A extends ClientActionOf<T>>(action: A) => ArgsByKindOf<T>[A["kind"] & keyof ArgsByKindOf<T>];
  /**
   * Calls the handler for an action (or a whole `ActionEvent`) with its arguments and `ctx`, and
   * resolves to what the handler returned. Rejects, without calling anything, for an event without
   * an action (the model's arguments were invalid), an action of no known tool, and an awaited
   * tool's action when a client tool runner was made with the same handlers: the runner runs that
   * call from its request, and running it here too would run its handler twice (filter the
   * event stream with `isFireAndForgetAction`).
   */
  readonly dispatchClientAction: {
    <A extends ClientActionOf<T>, Ctx>(
      action: A,
      handlers: ClientToolHandlersOf<T, Ctx>,
      ctx: Ctx,
    ): Promise<ResultByKindOf<T>[A["kind"] & keyof ResultByKindOf<T>]>;
    <E extends { readonly kind: "ActionEvent"; readonly tool_name: ToolNameOf<T> }, Ctx>(
      event: E,
      handlers: ClientToolHandlersOf<T, Ctx>,
      ctx: Ctx,
    ): Promise<ResultByNameOf<T>[E["tool_name"]]>;
  };
  /**
   * Checks a call as a framework hands it over (a tool name and its arguments, as an object or as
   * the model's JSON text) and calls the tool's handler with the arguments and `ctx`. Never
   * rejects: resolves to the result and the `output` for the model (the result, or the
   * acknowledgement for a fire-and-forget tool), or to why the call failed.
   */
  readonly dispatchToolCall: {
    <N extends ToolNameOf<T>, Ctx = void>(
      name: N,
      args: unknown,
      handlers: ClientToolHandlersOf<T, Ctx>,
      ...rest: ClientToolCallRest<Ctx>
    ): Promise<ClientToolCallOutcomeOf<T, N>>;
    <Ctx = void>(
      name: string,
      args: unknown,
      handlers: ClientToolHandlersOf<T, Ctx>,
      ...rest: ClientToolCallRest<Ctx>
    ): Promise<ClientToolCallOutcomeOf<T>>;
  };
  /** The same checks as `dispatchToolCall`, and the action the call becomes: what an agent server would send for it. */
  readonly toClientAction: {
    <N extends ToolNameOf<T>>(name: N, args: unknown, options?: ClientToolCallOptions): ClientToolActionOutcomeOf<T, N>;
    (name: string, args: unknown, options?: ClientToolCallOptions): ClientToolActionOutcomeOf<T>;
  };
}
