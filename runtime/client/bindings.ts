import { validationMessage } from "../schema/validation-message.js";
import { DISPATCHED_TEXT } from "../wire/observation.js";
import type {
  ClientActionOf,
  ClientToolRow,
  ClientToolTable,
  FireAndForgetActionOf,
  ToolNameOf,
} from "../wire/tool-table.js";
import type {
  ClientToolArgsValidator,
  ClientToolBindingInput,
  ClientToolBindings,
  ClientToolCallError,
  ClientToolCallFailure,
  ClientToolCallFailureReason,
  ClientToolCallOptions,
} from "./binding-types.js";
import { findHandler, handlerErrorMessage } from "./find-handler.js";
import { servedByRunner } from "./runner-handlers.js";

const KIND_PREFIX = "ClientAction_";
/** Where an action carries an argument named `kind`: `kind` itself names the action. */
const KIND_ARGUMENT = "mcp_arg_kind";

// The public signatures use one flat indexed access each (no conditional types over the action
// union): with thousands of tools, those grow the compiler's work quadratically.

type CheckedCall = { readonly ok: true; readonly args: { readonly [key: string]: unknown } } | ClientToolCallFailure;

/**
 * The generated module's functions, bound to its table of tools: the generated code is data, and
 * a fix to this logic (dispatch, the `kind`/`mcp_arg_kind` mapping, the argument checks, the
 * failure messages) reaches every user with the runtime package.
 */
export function bindClientTools<T extends ClientToolTable<T>>(input: ClientToolBindingInput<T>): ClientToolBindings<T> {
  const modes = new Map(Object.entries<ClientToolRow["mode"]>(input.tools));
  const names = new Set(modes.keys());
  const fireAndForget = new Set([...modes].flatMap(([name, mode]) => (mode === "fire-and-forget" ? [name] : [])));
  const privateInput = new Set([...modes].flatMap(([name, mode]) => (mode === "private-input" ? [name] : [])));
  const ownMcpArgKind = new Set<string>(input.ownMcpArgKind);

  const isClientToolName = (name: unknown): name is ToolNameOf<T> => typeof name === "string" && names.has(name);

  const isClientAction = (value: unknown): value is ClientActionOf<T> => {
    if (typeof value !== "object" || value === null) return false;
    const kind = (value as { readonly kind?: unknown }).kind;
    return typeof kind === "string" && kind.startsWith(KIND_PREFIX) && names.has(kind.slice(KIND_PREFIX.length));
  };

  const isFireAndForgetAction = (value: unknown): value is FireAndForgetActionOf<T> =>
    isClientAction(value) && fireAndForget.has((value as { readonly kind: string }).kind.slice(KIND_PREFIX.length));

  const argsOf = (action: { readonly kind: string }): unknown => {
    const { kind, ...args } = action as { readonly kind: string; readonly [key: string]: unknown };
    if (!ownMcpArgKind.has(kind.slice(KIND_PREFIX.length)) && Object.hasOwn(args, KIND_ARGUMENT)) {
      const { [KIND_ARGUMENT]: argument, ...rest } = args;
      return { ...rest, kind: argument };
    }
    return args;
  };

  const checkCall = (name: string, given: unknown, options: ClientToolCallOptions | undefined): CheckedCall => {
    if (!isClientToolName(name))
      return failure(String(name), "unknown_tool", `There is no client tool named ${JSON.stringify(name)}.`);
    let args = given;
    if (typeof given === "string") {
      // Providers send an empty string for a call without arguments.
      if (given.trim() === "") args = {};
      else {
        try {
          args = JSON.parse(given);
        } catch (error) {
          return failure(
            name,
            "invalid_json",
            `The arguments for ${name} are not valid JSON: ${handlerErrorMessage(error)}.`,
          );
        }
      }
    }
    if (typeof args !== "object" || args === null || Array.isArray(args))
      return failure(name, "invalid_arguments", `The arguments for ${name} must be a JSON object.`);
    if (options?.strictArguments !== undefined) args = options.strictArguments.fromStrictArguments(name, args);
    const object = args as { readonly [key: string]: unknown };
    if (ownMcpArgKind.has(name) && Object.hasOwn(object, "kind")) {
      return failure(
        name,
        "invalid_arguments",
        `The arguments for ${name} cannot have "kind", as the tool has its own "${KIND_ARGUMENT}".`,
      );
    }
    if (!ownMcpArgKind.has(name) && Object.hasOwn(object, "kind") && Object.hasOwn(object, KIND_ARGUMENT)) {
      return failure(
        name,
        "invalid_arguments",
        `The arguments for ${name} cannot have both "kind" and "${KIND_ARGUMENT}".`,
      );
    }
    const validator = (options?.validators ?? input.validators)?.[name]?.args;
    if (validator !== undefined && !validator(object)) {
      const errors = validationErrorsOf(validator);
      return { ...failure(name, "invalid_arguments", invalidArgumentsText(name, errors)), errors };
    }
    return { ok: true, args: object };
  };

  function dispatchClientAction(given: unknown, handlers: unknown, ctx: unknown): Promise<unknown> {
    return new Promise((resolve) => {
      const kind = (given as { readonly kind?: unknown } | null)?.kind;
      const action: unknown = kind === "ActionEvent" ? (given as { readonly action?: unknown }).action : given;
      if (action === undefined) {
        throw new TypeError(
          "dispatchClientAction received an ActionEvent without an action: the model's " +
            "arguments were invalid, and the server sends an AgentErrorEvent for it",
        );
      }
      if (!isClientAction(action)) {
        const actionKind = JSON.stringify((action as { kind?: unknown } | null)?.kind);
        throw new TypeError(
          `dispatchClientAction received an unknown action kind ${actionKind}: ` +
            `regenerate the client-tool bindings`,
        );
      }
      const name = (action as { readonly kind: string }).kind.slice(KIND_PREFIX.length);
      if (privateInput.has(name)) throw new TypeError(privateInputMessage(name));
      if (!fireAndForget.has(name) && servedByRunner(handlers)) {
        throw new TypeError(
          `dispatchClientAction received an action of ${JSON.stringify(name)}, an awaited tool, with handlers a client tool runner runs: ` +
            `the runner answers it, so this would run its handler twice. Give dispatchClientAction only fire-and-forget actions (isFireAndForgetAction(event.action)).`,
        );
      }
      const handler = findHandler(handlers, name);
      if (handler === undefined) throw new TypeError(noHandlerMessage(name));
      resolve(handler.call(handlers, argsOf(action as { readonly kind: string }), ctx));
    });
  }

  async function dispatchToolCall(
    name: string,
    args: unknown,
    handlers: unknown,
    ctx?: unknown,
    options?: ClientToolCallOptions,
  ): Promise<unknown> {
    const checked = checkCall(name, args, options);
    if (!checked.ok) return checked;
    if (privateInput.has(name)) return failure(name, "private_input", privateInputMessage(name));
    const handler = findHandler(handlers, name);
    if (handler === undefined) return failure(name, "handler_error", noHandlerMessage(name));
    try {
      const result: unknown = await handler.call(handlers, checked.args, ctx);
      return { ok: true, name, result, output: fireAndForget.has(name) ? DISPATCHED_TEXT : result };
    } catch (error) {
      return failure(name, "handler_error", handlerErrorMessage(error));
    }
  }

  function toClientAction(name: string, args: unknown, options?: ClientToolCallOptions): unknown {
    const checked = checkCall(name, args, options);
    if (!checked.ok) return checked;
    const { kind, ...rest } = checked.args;
    const action = Object.hasOwn(checked.args, "kind") ? { ...rest, [KIND_ARGUMENT]: kind } : rest;
    return { ok: true, name, action: { kind: KIND_PREFIX + name, ...action } };
  }

  // The implementations take `unknown`: checking overloads against union-typed implementations
  // grows with the tools, and these are typed by the interface instead.
  return Object.freeze({
    isClientAction,
    isFireAndForgetAction,
    isClientToolName,
    actionArgs: ((action: { readonly kind: string }) => argsOf(action)) as ClientToolBindings<T>["actionArgs"],
    dispatchClientAction: dispatchClientAction as ClientToolBindings<T>["dispatchClientAction"],
    dispatchToolCall: dispatchToolCall as ClientToolBindings<T>["dispatchToolCall"],
    toClientAction: toClientAction as ClientToolBindings<T>["toClientAction"],
  });
}

function noHandlerMessage(name: string): string {
  return `This client has no handler for the tool ${JSON.stringify(name)}: add it to your ClientToolHandlers.`;
}

function privateInputMessage(name: string): string {
  return (
    `The client tool ${JSON.stringify(name)} takes a private input: ` +
    `the runner (createClientToolRunner) sends the value to the server alone.`
  );
}

function failure(name: string, reason: ClientToolCallFailureReason, message: string): ClientToolCallFailure {
  return { ok: false, name, reason, message };
}

/** Why a validator refused the value it was last given. */
export function validationErrorsOf(validator: ClientToolArgsValidator): ClientToolCallError[] {
  return (validator.errors ?? []).map((e) => ({
    instancePath: e.instancePath,
    keyword: e.keyword,
    message: validationMessage(e),
  }));
}

/** The text for arguments a validator refused, each reason with where it is. */
export function invalidArgumentsText(name: string, errors: readonly ClientToolCallError[]): string {
  const reasons = errors.map((e) => `${e.instancePath || "/"} ${e.message}`).join("; ");
  return `Invalid arguments for ${name}: ${reasons || "they do not match its parameters schema"}.`;
}
