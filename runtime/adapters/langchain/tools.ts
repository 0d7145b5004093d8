import { ToolMessage } from "@langchain/core/messages";
import { StructuredTool, ToolInputParsingException, type ToolRunnableConfig } from "@langchain/core/tools";
import { getCurrentTaskInput, interrupt } from "@langchain/langgraph";
import { clientToolMode } from "../../tool-spec/tool-mode.js";
import type { ClientToolSpec } from "../../tool-spec/types.js";
import { isRecord } from "../../util/guards.js";
import type { ClientToolCall } from "../../wire/deferred-calls.js";
import { DISPATCHED_TEXT } from "../../wire/observation.js";
import type { ClientToolValidators } from "../../wire/validation.js";
import { answerObservation, type DeferredCallDispatch, observationText } from "../deferred-call.js";
import { assertStrictQualifies, type ClientToolInput, clientToolInput, type StrictOption } from "../tool-input.js";
import { CLIENT_TOOL_INTERRUPT } from "./client-tool-calls.js";
import { type ClientCallReader, callsSentWith } from "./unsent-calls.js";

export interface LangChainToolsOptions {
  /** The generated `clientToolValidators`: the model's arguments, and the client's results, are checked with them. */
  readonly validators?: ClientToolValidators;
  /** Strict mode per tool (see {@link StrictOption}); by default every schema goes as written. */
  readonly strict?: StrictOption;
  /**
   * Carries each call to the client within the run (the broker's `dispatch`) instead of
   * interrupting the graph on it: the tool's output is then what the outcome tells the model.
   */
  readonly dispatch?: DeferredCallDispatch;
}

/** The tools made together by `toLangChainTools`, by name: an awaited call's interrupt reads its siblings with them. */
const toolSets = new WeakMap<LangChainClientTool, ReadonlyMap<string, LangChainClientTool>>();

/** The tool's output: the text the model reads, and the call it was, for `clientToolCallsOfGraph`. */
type ClientToolOutput = [content: string, artifact: { readonly clientToolCall: ClientToolCall }];

/**
 * A client tool as a LangChain tool: its schema as written (a fresh, unfrozen copy), its
 * arguments checked with the generated validators before anything runs (refused ones answered
 * with a `ToolMessage` that says why), and its call carried to the client: an awaited one
 * interrupts the graph (LangGraph's `interrupt`) until `resumeClientToolCalls` answers it, a
 * fire-and-forget one is answered with the acknowledgement at once.
 */
export class LangChainClientTool extends StructuredTool<Record<string, unknown>, unknown, unknown, ClientToolOutput> {
  override readonly name: string;
  override readonly description: string;
  override readonly schema: Record<string, unknown>;
  override responseFormat = "content_and_artifact" as const;
  readonly #spec: ClientToolSpec;
  readonly #input: ClientToolInput;
  readonly #options: LangChainToolsOptions;

  constructor(spec: ClientToolSpec, options: LangChainToolsOptions = {}) {
    super({ verboseParsingErrors: true });
    if (spec.privateInput !== undefined) {
      throw new TypeError(
        `Client tool ${JSON.stringify(spec.name)} takes a private input, which goes ` +
          `to the broker and never through the graph: give it to the broker alone.`,
      );
    }
    this.#spec = spec;
    this.#options = options;
    this.#input = clientToolInput(spec, options.validators?.[spec.name]?.args, options.strict);
    this.name = spec.name;
    this.description = spec.description;
    this.schema = this.#input.schema;
  }

  // Refused arguments become a ToolMessage the model reads (the framework's own refusal says only
  // that they did not match); good ones go on through the framework's own checks to `_call`.
  // biome-ignore lint/suspicious/noExplicitAny: the override keeps the signature of LangChain's own `call`
  override async call(arg: any, configArg?: any, tags?: string[]): Promise<any> {
    const toolCall = isToolCall(arg) ? arg : undefined;
    const read = this.#input.read(toolCall === undefined ? arg : toolCall.args);
    if (!read.ok) {
      const toolCallId = toolCall?.id ?? (configArg as ToolRunnableConfig | undefined)?.toolCall?.id;
      if (toolCallId === undefined) throw new ToolInputParsingException(read.text, JSON.stringify(arg));
      return new ToolMessage({ status: "error", content: read.text, tool_call_id: toolCallId, name: this.name });
    }
    return super.call(arg, configArg, tags);
  }

  protected override async _call(
    raw: unknown,
    _runManager?: unknown,
    config?: ToolRunnableConfig,
  ): Promise<ClientToolOutput> {
    const read = this.#input.read(raw);
    if (!read.ok) throw new ToolInputParsingException(read.text);
    const spec = this.#spec;
    const result = this.#options.validators?.[spec.name]?.result;
    const call = this.#callOf(config?.toolCall?.id ?? "", read.args);
    const dispatch = this.#options.dispatch;
    if (dispatch !== undefined) {
      const outcome = await dispatch({
        toolName: call.toolName,
        toolCallId: call.toolCallId,
        args: call.args,
        ...(config?.signal === undefined ? {} : { signal: config.signal }),
      });
      return [observationText(answerObservation(spec, outcome, result)), { clientToolCall: call }];
    }
    if (!call.awaited) return [DISPATCHED_TEXT, { clientToolCall: call }];
    // The fire-and-forget calls the page has not had go with this stop, so that they run while the graph waits.
    const alongside = callsSentWith(call, taskMessages(config), (name) => this.#readerOf(name));
    // Stops the graph here; on resume, LangGraph runs the tool again and `interrupt` returns the answer.
    const answer: unknown = interrupt({ type: CLIENT_TOOL_INTERRUPT, ...call, alongside });
    return [observationText(answerObservation(spec, answer, result)), { clientToolCall: call }];
  }

  #callOf(toolCallId: string, args: unknown): ClientToolCall {
    const awaited = clientToolMode(this.#spec).mode !== "fire-and-forget";
    return { toolCallId, toolName: this.#spec.name, args, awaited };
  }

  /** How a tool made beside this one reads its calls: the call for the page, or nothing for refused arguments. */
  #readerOf(name: string): ClientCallReader | undefined {
    const tool = toolSets.get(this)?.get(name) ?? (name === this.name ? this : undefined);
    if (tool === undefined || tool.#options.dispatch !== undefined) return undefined;
    return (toolCall) => {
      const read = tool.#input.read(toolCall.args);
      return read.ok ? tool.#callOf(toolCall.id, read.args) : undefined;
    };
  }
}

/** The messages of the graph's state as the running tools node has them (none outside a graph). */
function taskMessages(config: ToolRunnableConfig | undefined): readonly unknown[] {
  try {
    const input: unknown = getCurrentTaskInput(config);
    return isRecord(input) && Array.isArray(input["messages"]) ? input["messages"] : [];
  } catch {
    return [];
  }
}

/** The client tools as LangChain tools (`createAgent({ tools })`, `createReactAgent`, `ToolNode`, `bindTools`). */
export function toLangChainTools(
  specs: Iterable<ClientToolSpec>,
  options: LangChainToolsOptions = {},
): LangChainClientTool[] {
  const list = [...specs];
  assertStrictQualifies("LangChain", list, options.strict);
  const tools = list.map((spec) => new LangChainClientTool(spec, options));
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  for (const tool of tools) toolSets.set(tool, byName);
  return tools;
}

function isToolCall(value: unknown): value is { readonly id?: string; readonly args: unknown } {
  return (
    typeof value === "object" && value !== null && (value as { type?: unknown }).type === "tool_call" && "args" in value
  );
}
