import { type ClientTool, type JSONSchema, type ToolDefinition, toolDefinition } from "@tanstack/ai";
import { answerSchemaOf } from "../../tool-spec/tool-mode.js";
import type { ClientToolSpec } from "../../tool-spec/types.js";
import type { ToolCallDispatch } from "../dispatch.js";

/**
 * A client tool as TanStack AI's tool definition: its name, its schemas as written, and whether its
 * calls wait for the user's approval (`A`, so that the page's tool parts of it carry `approval`).
 */
export type TanStackClientToolDefinition<N extends string = string, A extends boolean = false> = ToolDefinition<
  JSONSchema,
  JSONSchema | undefined,
  N,
  A
>;

/** The same tool bound to the page's handlers (`useChat({ tools })`, `new ChatClient({ tools })`). */
export type TanStackClientTool<N extends string = string, A extends boolean = false> = ClientTool<
  JSONSchema,
  JSONSchema | undefined,
  N,
  unknown,
  A
>;

/** Each tool of `N`, its definition needing approval where it is one of `A`. */
type DefinitionsOf<N extends string, A extends string> =
  | TanStackClientToolDefinition<Exclude<N, A>>
  | (A extends N ? TanStackClientToolDefinition<A, true> : never);

/** The client tool of each definition, typed alike. */
type ClientToolOf<D> =
  D extends ToolDefinition<JSONSchema, JSONSchema | undefined, infer N, infer A> ? TanStackClientTool<N, A> : never;

export interface TanStackToolDefinitionsOptions<N extends string> {
  /**
   * The tools whose calls wait for the user's approval (TanStack's `needsApproval`): the page runs
   * such a call only once `addToolApprovalResponse` approved it, and never after a denial.
   */
  readonly needsApproval?: readonly N[];
}

/**
 * The client tools as TanStack AI tool definitions, for `chat({ tools })` on the server (a
 * definition without `execute` is the client's to run) and for `toTanStackClientTools` in the
 * page. Each schema goes as written, a fresh unfrozen copy: TanStack passes a plain JSON Schema on
 * to the provider as it is (less `$schema`), where a Standard Schema would be given defaults.
 */
export function toTanStackToolDefinitions<
  const S extends readonly ClientToolSpec[],
  const A extends S[number]["name"] = never,
>(specs: S, options: TanStackToolDefinitionsOptions<A> = {}): DefinitionsOf<S[number]["name"], A>[] {
  const unknown = options.needsApproval?.filter((name) => !specs.some((spec) => spec.name === name)) ?? [];
  if (unknown.length > 0) {
    throw new TypeError(
      `toTanStackToolDefinitions: needsApproval names ${unknown.map((name) => JSON.stringify(name)).join(", ")}, ` +
        `which is not among the client tools given: use a spec's name.`,
    );
  }
  return specs.map((spec) => {
    if (spec.privateInput !== undefined) {
      throw new TypeError(
        `Client tool ${JSON.stringify(spec.name)} takes a private input, which goes ` +
          `to the broker and never through the chat: give it to the broker alone.`,
      );
    }
    const outputSchema = answerSchemaOf(spec);
    // In the config, so that the page's client tool (`definition.client`) has it too; typed by `DefinitionsOf`.
    const needsApproval = (options.needsApproval as readonly string[] | undefined)?.includes(spec.name) === true;
    const config = {
      name: spec.name as S[number]["name"],
      description: spec.description,
      inputSchema: structuredClone(spec.parameters) as JSONSchema,
      ...(outputSchema === undefined ? {} : { outputSchema: structuredClone(outputSchema) as JSONSchema }),
      ...(needsApproval && { needsApproval }),
    };
    return toolDefinition(config as Omit<typeof config, "needsApproval">) as DefinitionsOf<S[number]["name"], A>;
  });
}

const NEVER_ABORTED = new AbortController().signal;

/**
 * The definitions bound to the page's handlers: each call goes through `dispatch` (the generated
 * `dispatchToolCall`, which checks the arguments with the generated validators), and its output
 * is the result, or the acknowledgement for a fire-and-forget tool. For a call the handlers refuse
 * or fail, the output is the text that says why, for the model.
 */
export function toTanStackClientTools<D extends TanStackClientToolDefinition<string, boolean>>(
  definitions: readonly D[],
  dispatch: ToolCallDispatch,
): ClientToolOf<D>[] {
  return definitions.map(
    (definition) =>
      definition.client(
        async (args: unknown, context?: { readonly toolCallId?: string; readonly abortSignal?: AbortSignal }) => {
          const outcome = await dispatch(definition.name, args, {
            toolCallId: context?.toolCallId ?? "",
            signal: context?.abortSignal ?? NEVER_ABORTED,
          });
          // The reason as the output's text: every provider adapter gives the model a tool message's content.
          return outcome.ok ? outcome.output : outcome.message;
        },
      ) as ClientToolOf<D>,
  );
}
