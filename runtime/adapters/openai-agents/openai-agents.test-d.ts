// The user's lines type-check against the SDK's own types with no cast: the tools in an agent with
// its own context, a run's result (streamed or not) read for the page, a restored state answered.
import { Agent, type FunctionTool, RunState, run } from "@openai/agents";
import { expectTypeOf } from "vitest";
import { clientToolSpecs } from "../../../examples/frameworks/src/client-tools.gen/index.js";
import { clientToolValidators } from "../../../examples/frameworks/src/client-tools.gen/validators/index.js";
import {
  answerClientToolCalls,
  type ClientToolCall,
  clientToolCallsOfRun,
  type DeferredClientToolAnswer,
  toOpenAIAgentsTools,
} from "./index.js";

interface AppContext {
  readonly userId: string;
}

const tools = toOpenAIAgentsTools<AppContext>(clientToolSpecs, { validators: clientToolValidators, strict: "compile" });
expectTypeOf(tools).toEqualTypeOf<FunctionTool<AppContext>[]>();
const agent = new Agent<AppContext>({ name: "assistant", instructions: "Help.", tools });

export async function turn(saved: string, answers: DeferredClientToolAnswer[]): Promise<ClientToolCall[]> {
  const state = await RunState.fromString(agent, saved);
  answerClientToolCalls(state, answers);
  const result = await run(agent, state);
  const streamed = await run(agent, "Hi", { stream: true, context: { userId: "u1" } });
  await streamed.completed;
  return [...clientToolCallsOfRun(result), ...clientToolCallsOfRun(streamed)];
}
