import type { ReactFrontendTool, ReactHumanInTheLoop } from "@copilotkit/react-core/v2";
import type { ClientToolStandardSchema } from "../../standard-schema/tool-schema.js";
import type { ClientToolSpec } from "../../tool-spec/types.js";
import type { ToolCallDispatch } from "../dispatch.js";

/** The generated `clientToolSchemas`' shape: each tool's arguments as a Standard Schema object. */
// biome-ignore lint/suspicious/noExplicitAny: a table of any tools' schemas, each with its own argument type
export type ClientToolSchemaTable = { readonly [name: string]: { readonly args: ClientToolStandardSchema<any> } };

type ArgsOf<E> = E extends { readonly args: ClientToolStandardSchema<infer A> }
  ? A extends Record<string, unknown>
    ? A
    : never
  : never;

/** Each tool as CopilotKit's frontend tool, typed with the generated arguments. */
export type CopilotKitFrontendTools<S extends ClientToolSchemaTable> = {
  readonly [N in keyof S & string]: ReactFrontendTool<ArgsOf<S[N]>>;
};

/** Each tool as CopilotKit's human-in-the-loop tool without its `render`, which the app adds. */
export type CopilotKitHumanInTheLoopTools<S extends ClientToolSchemaTable> = {
  readonly [N in keyof S & string]: Omit<ReactHumanInTheLoop<ArgsOf<S[N]>>, "render">;
};

const NEVER_ABORTED = new AbortController().signal;

/**
 * The client tools as CopilotKit v2's frontend tools (`useFrontendTool(tools.pick_date)`,
 * `useFrontendTools(Object.values(tools))`): the name and description of each spec, its
 * generated Standard Schema object as `parameters` (CopilotKit checks the arguments with it and
 * gives the agent its schema as written), and a handler that runs the call through `dispatch`
 * (the generated `dispatchToolCall` with the page's handlers). A call the handlers refuse or
 * fail answers with the text that says why, for the model.
 */
export function toCopilotKitFrontendTools<S extends ClientToolSchemaTable>(
  specs: Iterable<ClientToolSpec>,
  schemas: S,
  dispatch: ToolCallDispatch,
): CopilotKitFrontendTools<S> {
  const tools: Record<string, ReactFrontendTool<Record<string, unknown>>> = {};
  for (const { name, description, args } of described(specs, schemas)) {
    tools[name] = {
      name,
      description,
      parameters: args,
      handler: async (given, { toolCall, signal }) => {
        const outcome = await dispatch(name, given, { toolCallId: toolCall.id, signal: signal ?? NEVER_ABORTED });
        return outcome.ok ? outcome.output : outcome.message;
      },
    };
  }
  return tools as unknown as CopilotKitFrontendTools<S>;
}

/**
 * The client tools as CopilotKit v2's human-in-the-loop tools (`useHumanInTheLoop({
 * ...tools.confirm_action, render })`): the name, description and generated Standard Schema
 * object of each; the app's `render` shows the call and answers it with `respond`.
 */
export function toCopilotKitHumanInTheLoopTools<S extends ClientToolSchemaTable>(
  specs: Iterable<ClientToolSpec>,
  schemas: S,
): CopilotKitHumanInTheLoopTools<S> {
  const tools: Record<string, Omit<ReactHumanInTheLoop<Record<string, unknown>>, "render">> = {};
  for (const { name, description, args } of described(specs, schemas))
    tools[name] = { name, description, parameters: args };
  return tools as unknown as CopilotKitHumanInTheLoopTools<S>;
}

/** The tools a page runs: a private-input tool is left out (the broker asks for its value, never the chat). */
function* described(specs: Iterable<ClientToolSpec>, schemas: ClientToolSchemaTable) {
  for (const spec of specs) {
    if (spec.privateInput !== undefined) continue;
    const entry = schemas[spec.name];
    if (entry === undefined)
      throw new TypeError(
        `Client tool ${JSON.stringify(spec.name)} has no Standard Schema object: ` +
          `generate the validators (--validators) and pass clientToolSchemas.`,
      );
    yield { name: spec.name, description: spec.description, args: entry.args };
  }
}
