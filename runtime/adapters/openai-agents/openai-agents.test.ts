import { Agent, type AgentInputItem, RunResult, RunState, run, setTracingDisabled } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { clientToolSpecs } from "../../../examples/frameworks/src/client-tools.gen/index.js";
import { clientToolValidators } from "../../../examples/frameworks/src/client-tools.gen/validators/index.js";
import { DISPATCHED_TEXT } from "../../wire/observation.js";
import { page, shown } from "../__fixtures__/frameworks-page.js";
import { answerClientToolCalls, type ClientToolRunResult, clientToolCallsOfRun, toOpenAIAgentsTools } from "./index.js";

// The client tools through the Agents SDK's own runner and scripted model: a run stops on each
// awaited call, the page runs the calls with the generated handlers, and the run resumes from its
// serialized RunState with their outcomes.

beforeAll(() => setTracingDisabled(true));

/** The outputs the model was given, by call id, from its latest request. */
function outputsSeen(model: ScriptedModel): Record<string, unknown> {
  const input = model.lastCall!.request.input as AgentInputItem[];
  const outputs: Record<string, unknown> = {};
  for (const item of input) {
    if (item.type !== "function_call_result") continue;
    const { output } = item;
    outputs[item.callId] =
      typeof output === "object" && !Array.isArray(output) && output.type === "text" ? output.text : output;
  }
  return outputs;
}

describe("the OpenAI Agents adapter", () => {
  it("gives the model each schema as written, non-strict, a fresh unfrozen copy", async () => {
    const model = new ScriptedModel([[assistantMessage("Hello.")]]);
    const agent = new Agent({
      name: "assistant",
      model,
      tools: toOpenAIAgentsTools(clientToolSpecs, { validators: clientToolValidators }),
    });
    await run(agent, "Hi");
    const tools = model.firstCall!.request.tools;
    expect(
      tools.map((tool) => tool.type === "function" && [tool.name, JSON.stringify(tool.parameters), tool.strict]),
    ).toEqual(clientToolSpecs.map((spec) => [spec.name, JSON.stringify(spec.parameters), false]));
    expect(tools.every((tool) => tool.type === "function" && !Object.isFrozen(tool.parameters))).toBe(true);
  });

  it("stops the run on the awaited calls, lists every call for the page, and resumes from the serialized RunState with the client's results; a kind parameter arrives intact, invalid arguments reach neither approval nor the client", async () => {
    shown.length = 0;
    const model = new ScriptedModel([
      [
        functionCall("show_toast", { text: "Opening", kind: "info" }, { callId: "c1" }),
        functionCall("open_file_viewer", { file_path: "README.md", line: 3 }, { callId: "c2" }),
        functionCall("get_location", {}, { callId: "c3" }),
        functionCall("open_file_viewer", { file_path: "README.md", line: 0 }, { callId: "c4" }),
      ],
      [assistantMessage("You are in Lisbon.")],
    ]);
    const agent = new Agent({
      name: "assistant",
      model,
      tools: toOpenAIAgentsTools(clientToolSpecs, { validators: clientToolValidators }),
    });
    const first = await run(agent, "Open the readme and tell me where I am.");
    expect(first.interruptions.map((item) => item.rawItem.type === "function_call" && item.rawItem.callId)).toEqual([
      "c2",
      "c3",
    ]);
    const calls = clientToolCallsOfRun(first);
    expect(calls).toEqual([
      { toolCallId: "c1", toolName: "show_toast", args: { text: "Opening", kind: "info" }, awaited: false },
      { toolCallId: "c2", toolName: "open_file_viewer", args: { file_path: "README.md", line: 3 }, awaited: true },
      { toolCallId: "c3", toolName: "get_location", args: {}, awaited: true },
    ]);
    const saved = first.state.toString();

    const answers = await page(calls);
    expect(shown).toEqual([{ text: "Opening", kind: "info" }]);
    const state = await RunState.fromString(agent, saved);
    expect(answerClientToolCalls(state, answers)).toEqual(["c2", "c3"]);
    const second = await run(agent, state);

    expect(second.finalOutput).toBe("You are in Lisbon.");
    expect(second.interruptions).toEqual([]);
    expect(outputsSeen(model)).toEqual({
      c1: DISPATCHED_TEXT,
      c2: '{"opened":true}',
      c3: '{"city":"Lisbon"}',
      c4: 'The arguments of "open_file_viewer" do not match its schema: /line must be >= 1. Call it again with arguments that do.',
    });
  });

  it("lists each call once across resumes and turns, whether the result is read where it ran or from its state elsewhere", async () => {
    for (const elsewhere of [false, true]) {
      const model = new ScriptedModel([
        [
          functionCall("show_toast", { text: "One", kind: "info" }, { callId: "t1" }),
          functionCall("get_location", {}, { callId: "l1" }),
        ],
        [
          functionCall("show_toast", { text: "Two", kind: "info" }, { callId: "t2" }),
          functionCall("get_location", {}, { callId: "l2" }),
        ],
        [assistantMessage("Lisbon, twice.")],
        [
          functionCall("show_toast", { text: "Three", kind: "info" }, { callId: "t3" }),
          functionCall("get_location", {}, { callId: "l3" }),
        ],
        [assistantMessage("Still Lisbon.")],
      ]);
      const agent = new Agent({
        name: "assistant",
        model,
        tools: toOpenAIAgentsTools<undefined>(clientToolSpecs, { validators: clientToolValidators }),
      });
      const delivered: string[] = [];
      // What the server sends the page: the calls read from the result, or from its state restored in another process.
      const send = async (result: ClientToolRunResult & { readonly state: { toString(): string } }) => {
        // The SDK's RunResult constructor takes an agent of any output type, which this agent's "text" is not to tsc.
        const restored = async () =>
          new RunResult((await RunState.fromString(agent, result.state.toString())) as never);
        const read = elsewhere ? await restored() : result;
        const calls = clientToolCallsOfRun(read);
        delivered.push(...calls.map((call) => call.toolCallId));
        return calls;
      };
      const turn = async (input: string | AgentInputItem[]) => {
        let result = await run(agent, input);
        for (let calls = await send(result); result.interruptions.length > 0; calls = await send(result)) {
          const state = await RunState.fromString<undefined, typeof agent>(agent, result.state.toString());
          answerClientToolCalls(state, await page(calls));
          result = await run(agent, state);
        }
        return result;
      };
      const first = await turn("Where am I?");
      expect(first.finalOutput).toBe("Lisbon, twice.");
      const second = await turn([...first.history, { role: "user", content: "And now?" }]);
      expect(second.finalOutput).toBe("Still Lisbon.");
      expect(delivered).toEqual(["t1", "l1", "t2", "l2", "t3", "l3"]);
      expect(outputsSeen(model)).toMatchObject({
        l1: '{"city":"Lisbon"}',
        t3: DISPATCHED_TEXT,
        l3: '{"city":"Lisbon"}',
      });
    }
  });

  it("tells the model when the client's result does not match the tool's outputSchema, or the client failed", async () => {
    const model = new ScriptedModel([
      [
        functionCall("open_file_viewer", { file_path: "a.md" }, { callId: "c1" }),
        functionCall("get_location", {}, { callId: "c2" }),
      ],
      [assistantMessage("Sorry.")],
    ]);
    const agent = new Agent({
      name: "assistant",
      model,
      tools: toOpenAIAgentsTools(clientToolSpecs, { validators: clientToolValidators }),
    });
    const first = await run(agent, "Go");
    answerClientToolCalls(first.state, [
      {
        toolCallId: "c1",
        outcome: { ok: true, name: "open_file_viewer", result: { opened: "yes" }, output: { opened: "yes" } },
      },
      {
        toolCallId: "c2",
        outcome: { ok: false, name: "get_location", reason: "handler_error", message: "Location permission denied" },
      },
    ]);
    await run(agent, first.state);
    const outputs = outputsSeen(model);
    expect(outputs["c1"]).toContain("its result does not match the tool's result schema: /opened must be boolean");
    expect(outputs["c2"]).toContain('reported: "Location permission denied"');
  });

  it("leaves a call without an answer pending, never listing it again, and lets the SDK tell the model of arguments that are not JSON, never sending them to the page", async () => {
    const model = new ScriptedModel([
      [
        functionCall("get_location", {}, { callId: "c1" }),
        functionCall("open_file_viewer", '{"file_pa', { callId: "c2" }),
      ],
      [assistantMessage("Done.")],
    ]);
    const agent = new Agent({
      name: "assistant",
      model,
      tools: toOpenAIAgentsTools(clientToolSpecs, { validators: clientToolValidators }),
    });
    const first = await run(agent, "Go");
    const calls = clientToolCallsOfRun(first);
    expect(calls.map((call) => call.toolCallId)).toEqual(["c1"]);
    expect(answerClientToolCalls(first.state, [])).toEqual([]);
    const second = await run(agent, first.state);
    expect(second.interruptions.map((item) => item.rawItem.type === "function_call" && item.rawItem.callId)).toEqual([
      "c1",
    ]);
    expect(clientToolCallsOfRun(second)).toEqual([]);
    expect(answerClientToolCalls(second.state, await page(calls))).toEqual(["c1"]);
    const third = await run(agent, second.state);
    expect(third.finalOutput).toBe("Done.");
    expect(outputsSeen(model)).toEqual({
      c1: '{"city":"Lisbon"}',
      c2: "An error occurred while parsing tool arguments. Please try again with valid JSON.",
    });
  });

  it('with strict: "compile", gives the model the strict variant and maps its nulls back before the arguments are checked and sent', async () => {
    const model = new ScriptedModel([
      [functionCall("open_file_viewer", { file_path: "a.md", line: null }, { callId: "c1" })],
      [assistantMessage("Opened.")],
    ]);
    const agent = new Agent({
      name: "assistant",
      model,
      tools: toOpenAIAgentsTools(clientToolSpecs, { validators: clientToolValidators, strict: "compile" }),
    });
    const first = await run(agent, "Go");
    const viewer = model.firstCall!.request.tools.find(
      (tool) => tool.type === "function" && tool.name === "open_file_viewer",
    );
    expect(viewer).toMatchObject({
      strict: true,
      parameters: {
        required: ["file_path", "line"],
        properties: { line: { anyOf: [{ type: "integer", minimum: 1 }, { type: "null" }] } },
      },
    });
    const calls = clientToolCallsOfRun(first);
    expect(calls).toEqual([
      { toolCallId: "c1", toolName: "open_file_viewer", args: { file_path: "a.md" }, awaited: true },
    ]);
    answerClientToolCalls(first.state, await page(calls));
    await run(agent, first.state);
    expect(outputsSeen(model)).toEqual({ c1: '{"opened":true}' });
  });

  it("with dispatch, carries each call within the run (the broker's way) and never stops it", async () => {
    const dispatched: unknown[] = [];
    const model = new ScriptedModel([
      [
        functionCall("get_location", {}, { callId: "c1" }),
        functionCall("show_toast", { text: "Hi", kind: "success" }, { callId: "c2" }),
      ],
      [assistantMessage("Lisbon.")],
    ]);
    const tools = toOpenAIAgentsTools(clientToolSpecs, {
      validators: clientToolValidators,
      dispatch: async (call) => {
        dispatched.push([call.toolName, call.toolCallId, call.args]);
        return call.toolName === "get_location"
          ? { status: "ok", result: { city: "Lisbon" } }
          : { status: "ok", result: DISPATCHED_TEXT };
      },
    });
    const result = await run(new Agent({ name: "assistant", model, tools }), "Go");
    expect(result.interruptions).toEqual([]);
    expect(clientToolCallsOfRun(result)).toEqual([]);
    expect(dispatched).toEqual([
      ["get_location", "c1", {}],
      ["show_toast", "c2", { text: "Hi", kind: "success" }],
    ]);
    expect(outputsSeen(model)).toEqual({ c1: '{"city":"Lisbon"}', c2: JSON.stringify(DISPATCHED_TEXT) });
  });
});
