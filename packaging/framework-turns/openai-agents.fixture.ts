// The OpenAI Agents SDK's own runner and scripted model, the run's state kept as a string between
// the page's answers as docs/frameworks.md does, in a fresh project.

import {
  answerClientToolCalls,
  clientToolCallsOfRun,
  toOpenAIAgentsTools,
} from "@gen-client-tools/runtime/openai-agents";
import { Agent, type AgentInputItem, RunState, run, setTracingDisabled } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import { clientToolSpecs } from "./client-tools.gen/index.js";
import { clientToolValidators } from "./client-tools.gen/validators/index.js";
import { APPROVAL_TURNS, answer, ran, type ScenarioReport, TURNS, textOf } from "./page.js";

type Turns = readonly (readonly { readonly id: string; readonly name: string; readonly args: object }[])[];

/** Each turn's calls, then a text once the run has their results. */
const scripted = (turns: Turns) =>
  new ScriptedModel(
    turns.flatMap((calls) => [
      calls.map((call) => functionCall(call.name, { ...call.args }, { callId: call.id })),
      [assistantMessage("Done.")],
    ]),
  );

/** What each call's output read to the model, over every request it was sent. */
function readBy(model: ScriptedModel, into: Record<string, string>): void {
  for (const call of model.calls)
    for (const item of call.request.input as AgentInputItem[])
      if (item.type === "function_call_result")
        into[item.callId] = textOf(
          typeof item.output === "object" && !Array.isArray(item.output) && item.output.type === "text"
            ? item.output.text
            : item.output,
        );
}

/** One turn of the server: run, send the page each result's calls, resume from the kept state with its answers. */
async function turn(
  agent: Agent<undefined>,
  input: string | AgentInputItem[],
  decide: (atStop: number) => boolean | undefined = () => undefined,
) {
  let result = await run(agent, input);
  for (let stop = 0; stop < 5; stop++) {
    const answers = await answer(clientToolCallsOfRun(result));
    if (result.interruptions.length === 0) return result;
    const state = await RunState.fromString<undefined, Agent<undefined>>(agent, result.state.toString());
    const approved = decide(stop);
    for (const item of state.getInterruptions())
      if (item.rawItem.type === "function_call" && item.rawItem.name === "notify" && approved !== undefined) {
        if (approved) state.approve(item);
        else state.reject(item);
      }
    answerClientToolCalls(state, answers);
    result = await run(agent, state);
  }
  throw new Error("the run did not end");
}

export async function scenario(): Promise<ScenarioReport> {
  setTracingDisabled(true);
  const modelRead: Record<string, string> = {};
  const model = scripted(TURNS);
  const tools = toOpenAIAgentsTools<undefined>(clientToolSpecs, { validators: clientToolValidators });
  const agent = new Agent<undefined>({ name: "assistant", model, tools });
  let history: AgentInputItem[] = [];
  for (const text of ["Pick a date", "Another", "Once more"]) {
    const result = await turn(agent, [...history, { role: "user", content: text }]);
    history = result.history;
  }
  readBy(model, modelRead);

  const approvalModel = scripted(APPROVAL_TURNS);
  const approving = new Agent<undefined>({
    name: "assistant",
    model: approvalModel,
    tools: toOpenAIAgentsTools<undefined>(clientToolSpecs, {
      validators: clientToolValidators,
      needsApproval: ["notify"],
    }),
  });
  let beforeDecision: string[] = [];
  const first = await turn(approving, "Notify me", () => {
    beforeDecision = [...ran];
    return true;
  });
  const afterApproval = [...ran];
  await turn(approving, [...first.history, { role: "user", content: "Again" }], () => false);
  readBy(approvalModel, modelRead);
  return { ran, modelRead, approval: { beforeDecision, afterApproval } };
}
