import { type FunctionTool, type RunContext, tool, type UnknownContext } from "@openai/agents";
import { clientToolMode } from "../../tool-spec/tool-mode.js";
import type { ClientToolSpec } from "../../tool-spec/types.js";
import { DISPATCHED_TEXT } from "../../wire/observation.js";
import type { ClientToolValidators } from "../../wire/validation.js";
import { answerObservation, type DeferredCallDispatch, observationText } from "../deferred-call.js";
import { assertStrictQualifies, clientToolInput, type StrictOption } from "../tool-input.js";
import { answersOf } from "./answers.js";
import { type ClientToolDelivery, markClientTool } from "./client-tool-calls.js";

export interface OpenAIAgentsToolsOptions {
  /** The generated `clientToolValidators`: the model's arguments, and the client's results, are checked with them. */
  readonly validators?: ClientToolValidators;
  /** Strict mode per tool (see {@link StrictOption}); by default every schema goes as written, non-strict. */
  readonly strict?: StrictOption;
  /**
   * Carries each call to the client within the run (the broker's `dispatch`) instead of stopping
   * the run on it: the tool's output is then what the outcome this resolves to tells the model.
   */
  readonly dispatch?: DeferredCallDispatch;
  /**
   * Fire-and-forget tools whose calls wait for the app's approval (the SDK's `needsApproval`): the
   * run stops on each, `state.approve(item)` or `state.reject(item)` decides, and the resumed run's
   * `clientToolCallsOfRun` lists it only when approved. An awaited tool needs none: its call
   * already stops the run until the page, where the user acts, answers it. With `dispatch`, any
   * tool listed here is dispatched only once approved.
   */
  readonly needsApproval?: readonly string[];
}

/**
 * The client tools as the Agents SDK's function tools (`new Agent({ tools })`), each schema as
 * written. A call of an awaited tool stops the run with an interruption (the SDK's approval),
 * which `clientToolCallsOfRun(result)` lists for the page and `answerClientToolCalls(state, answers)`
 * answers before the run resumes from its `RunState`; a fire-and-forget call is answered with the
 * acknowledgement at once. Arguments the validators refuse never stop the run nor reach the
 * client: the model gets the reason as the call's output.
 */
export function toOpenAIAgentsTools<Context = UnknownContext>(
  specs: Iterable<ClientToolSpec>,
  options: OpenAIAgentsToolsOptions = {},
): FunctionTool<Context>[] {
  const list = [...specs];
  assertStrictQualifies("the OpenAI Agents SDK", list, options.strict);
  for (const name of options.needsApproval ?? []) {
    const spec = list.find((candidate) => candidate.name === name);
    const stops =
      spec !== undefined && options.dispatch === undefined && clientToolMode(spec).mode !== "fire-and-forget";
    if (spec === undefined || stops) {
      throw new TypeError(
        `toOpenAIAgentsTools: needsApproval names ${JSON.stringify(name)}, ` +
          (spec === undefined
            ? "which is not among the client tools given: use a spec's name."
            : "an awaited tool, whose call already stops the run until the page answers it: ask the user in its handler."),
      );
    }
  }
  return list.map((spec) => functionTool<Context>(spec, options));
}

function functionTool<Context>(spec: ClientToolSpec, options: OpenAIAgentsToolsOptions): FunctionTool<Context> {
  if (spec.privateInput !== undefined) {
    throw new TypeError(
      `Client tool ${JSON.stringify(spec.name)} takes a private input, which goes ` +
        `to the broker and never through the run: give it to the broker alone.`,
    );
  }
  const validators = options.validators?.[spec.name];
  const input = clientToolInput(spec, validators?.args, options.strict);
  const delivery: ClientToolDelivery =
    options.dispatch !== undefined
      ? "dispatch"
      : clientToolMode(spec).mode === "fire-and-forget"
        ? "acknowledge"
        : "interrupt";
  const approval = delivery !== "interrupt" && (options.needsApproval?.includes(spec.name) ?? false);
  const made = tool({
    name: spec.name,
    description: spec.description,
    // The SDK types a non-strict schema as `additionalProperties: true`; a spec's parameters are any object schema,
    // given as written.
    parameters: input.schema,
    strict: input.strict,
    // Only a call whose arguments are good stops the run; the others go on to `execute`, which tells the model why.
    needsApproval:
      delivery === "interrupt" || approval ? async (_context: RunContext, args: unknown) => input.read(args).ok : false,
    execute: async (
      args: unknown,
      context?: RunContext,
      details?: { readonly toolCall?: { readonly callId: string }; readonly signal?: AbortSignal },
    ) => {
      const read = input.read(args);
      if (!read.ok) return read.text;
      const toolCallId = details?.toolCall?.callId ?? "";
      switch (delivery) {
        case "acknowledge":
          return DISPATCHED_TEXT;
        case "dispatch": {
          const outcome = await options.dispatch!({
            toolName: spec.name,
            toolCallId,
            args: read.args,
            ...(details?.signal === undefined ? {} : { signal: details.signal }),
          });
          return observationText(answerObservation(spec, outcome, validators?.result));
        }
        case "interrupt": {
          const answer = context === undefined ? undefined : answersOf(context).get(toolCallId);
          if (answer === undefined)
            return (
              `The call of ${JSON.stringify(spec.name)} was let through without the client's ` +
              `answer, so its result is unknown: do not assume the action happened.`
            );
          return observationText(answerObservation(spec, answer, validators?.result));
        }
      }
    },
  } as never) as unknown as FunctionTool<Context>;
  markClientTool(made, { spec, input, delivery, approval });
  return made;
}
