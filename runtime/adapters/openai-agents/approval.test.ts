import { Agent, type AgentInputItem, RunResult, RunState, run, setTracingDisabled } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { clientToolSpecs } from "../../../examples/frameworks/src/client-tools.gen/index.js";
import { clientToolValidators } from "../../../examples/frameworks/src/client-tools.gen/validators/index.js";
import { page, shown } from "../__fixtures__/frameworks-page.js";
import { answerClientToolCalls, type ClientToolRunResult, clientToolCallsOfRun, toOpenAIAgentsTools } from "./index.js";

// A fire-and-forget tool that needs the user's approval, beside an awaited one, through the SDK's
// own runner over two turns: the toast reaches the page only once approved, never after a rejection.

beforeAll(() => setTracingDisabled(true));

describe("the OpenAI Agents adapter with needsApproval", () => {
  it("lists a call that waits for approval only from the resume that approved it, never when rejected, once over turns", async () => {
    for (const elsewhere of [false, true]) {
      shown.length = 0;
      const model = new ScriptedModel([
        [
          functionCall("show_toast", { text: "One", kind: "info" }, { callId: "t1" }),
          functionCall("get_location", {}, { callId: "l1" }),
        ],
        [functionCall("get_location", {}, { callId: "l2" })],
        [assistantMessage("Lisbon.")],
        [
          functionCall("show_toast", { text: "Two", kind: "info" }, { callId: "t2" }),
          functionCall("get_location", {}, { callId: "l3" }),
        ],
        [assistantMessage("Not shown.")],
      ]);
      const agent = new Agent({
        name: "assistant",
        model,
        tools: toOpenAIAgentsTools<undefined>(clientToolSpecs, {
          validators: clientToolValidators,
          needsApproval: ["show_toast"],
        }),
      });
      const delivered: string[] = [];
      const send = async (result: ClientToolRunResult & { readonly state: { toString(): string } }) => {
        const read = elsewhere
          ? new RunResult((await RunState.fromString(agent, result.state.toString())) as never)
          : result;
        const calls = clientToolCallsOfRun(read);
        delivered.push(...calls.map((call) => call.toolCallId));
        return page(calls);
      };
      const turn = async (input: string | AgentInputItem[], approve: boolean) => {
        let result = await run(agent, input);
        for (let answers = await send(result); result.interruptions.length > 0; answers = await send(result)) {
          const state = await RunState.fromString<undefined, typeof agent>(agent, result.state.toString());
          for (const item of state.getInterruptions()) {
            if (item.rawItem.type === "function_call" && item.rawItem.name === "show_toast") {
              if (approve) state.approve(item);
              else state.reject(item);
            }
          }
          answerClientToolCalls(state, answers);
          result = await run(agent, state);
        }
        return result;
      };
      const first = await turn("Where am I?", true);
      expect(first.finalOutput).toBe("Lisbon.");
      expect(delivered).toEqual(["l1", "t1", "l2"]);
      await turn([...first.history, { role: "user", content: "Again" }], false);
      expect(delivered).toEqual(["l1", "t1", "l2", "l3"]);
      expect(shown).toEqual([{ text: "One", kind: "info" }]);
    }
  });

  it("refuses needsApproval naming an awaited tool without dispatch, or a tool it was not given", () => {
    expect(() => toOpenAIAgentsTools(clientToolSpecs, { needsApproval: ["get_location"] })).toThrow(
      /"get_location", an awaited tool, whose call already stops the run/,
    );
    expect(() => toOpenAIAgentsTools(clientToolSpecs, { needsApproval: ["toast"] })).toThrow(
      /"toast", which is not among the client tools given/,
    );
  });
});
