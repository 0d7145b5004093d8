import { type ClientTool, type JSONSchema, type ToolDefinition, toolDefinition } from "@tanstack/ai";
import { answerSchemaOf } from "../../tool-spec/tool-mode.js";
import type { ClientToolSpec } from "../../tool-spec/types.js";
import type { ToolCallDispatch } from "../dispatch.js";

/** A client tool as TanStack AI's tool definition: its name, and its schemas as written. */
export type TanStackClientToolDefinition<N extends string = string> = ToolDefinition<
  JSONSchema,
  JSONSchema | undefined,
  N
>;

/** The same tool bound to the page's handlers (`useChat({ tools })`, `new ChatClient({ tools })`). */
export type TanStackClientTool<N extends string = string> = ClientTool<JSONSchema, JSONSchema | undefined, N>;

/**
 * The client tools as TanStack AI tool definitions, for `chat({ tools })` on the server (a
 * definition without `execute` is the client's to run) and for `toTanStackClientTools` in the
 * page. Each schema goes as written, a fresh unfrozen copy: TanStack passes a plain JSON Schema on
 * to the provider as it is (less `$schema`), where a Standard Schema would be given defaults.
 */
export function toTanStackToolDefinitions<const S extends readonly ClientToolSpec[]>(
  specs: S,
): TanStackClientToolDefinition<S[number]["name"]>[] {
  return specs.map((spec) => {
    if (spec.privateInput !== undefined) {
      throw new TypeError(
        `Client tool ${JSON.stringify(spec.name)} takes a private input, which goes ` +
          `to the broker and never through the chat: give it to the broker alone.`,
      );
    }
    const outputSchema = answerSchemaOf(spec);
    return toolDefinition({
      name: spec.name as S[number]["name"],
      description: spec.description,
      inputSchema: structuredClone(spec.parameters) as JSONSchema,
      ...(outputSchema === undefined ? {} : { outputSchema: structuredClone(outputSchema) as JSONSchema }),
    }) as TanStackClientToolDefinition<S[number]["name"]>;
  });
}

const NEVER_ABORTED = new AbortController().signal;

/**
 * The definitions bound to the page's handlers: each call goes through `dispatch` (the generated
 * `dispatchToolCall`, which checks the arguments with the generated validators), and its output
 * is the result, or the acknowledgement for a fire-and-forget tool. For a call the handlers refuse
 * or fail, the output is the text that says why, for the model.
 */
export function toTanStackClientTools<N extends string>(
  definitions: readonly TanStackClientToolDefinition<N>[],
  dispatch: ToolCallDispatch,
): TanStackClientTool<N>[] {
  return definitions.map((definition) =>
    definition.client(
      async (args: unknown, context?: { readonly toolCallId?: string; readonly abortSignal?: AbortSignal }) => {
        const outcome = await dispatch(definition.name, args, {
          toolCallId: context?.toolCallId ?? "",
          signal: context?.abortSignal ?? NEVER_ABORTED,
        });
        // The reason as the output's text: every provider adapter gives the model a tool message's content.
        return outcome.ok ? outcome.output : outcome.message;
      },
    ),
  );
}
