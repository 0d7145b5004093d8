import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { isInterrupted, MemorySaver } from "@langchain/langgraph";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { createAgent } from "langchain";
import { describe, expect, it } from "vitest";
import { clientToolSpecs } from "../../../examples/frameworks/src/client-tools.gen/index.js";
import { clientToolValidators } from "../../../examples/frameworks/src/client-tools.gen/validators/index.js";
import { DISPATCHED_TEXT } from "../../wire/observation.js";
import { page, shown } from "../__fixtures__/frameworks-page.js";
import { ScriptedChatModel } from "./__fixtures__/scripted-chat-model.js";
import { clientToolCallsOfGraph, type LangChainClientTool, resumeClientToolCalls, toLangChainTools } from "./index.js";

// The client tools through LangGraph's own agent loop, checkpointer and interrupts, with a scripted chat model.

/** The tool messages the model was given last, by call id. */
function toolMessagesSeen(model: ScriptedChatModel): Record<string, [string, unknown]> {
  const seen: Record<string, [string, unknown]> = {};
  for (const message of model.prompts.at(-1) ?? [])
    if (ToolMessage.isInstance(message)) seen[message.tool_call_id] = [message.status ?? "success", message.content];
  return seen;
}

describe("the LangChain adapter", () => {
  it("gives the model each schema as written, from a fresh unfrozen copy that the framework may write into", async () => {
    const model = new ScriptedChatModel([
      new AIMessage({ content: "", tool_calls: [{ id: "c1", name: "open_file_viewer", args: { file_path: "a.md" } }] }),
    ]);
    const tools = toLangChainTools(clientToolSpecs, { validators: clientToolValidators });
    const agent = createReactAgent({ llm: model, tools, checkpointer: new MemorySaver() });
    await agent.invoke(
      { messages: [{ role: "user", content: "Open a.md" }] },
      { configurable: { thread_id: "schemas" } },
    );
    expect(model.bound.map((tool) => JSON.stringify(tool))).toEqual(
      clientToolSpecs.map((spec) =>
        JSON.stringify({
          type: "function",
          function: { name: spec.name, description: spec.description, parameters: spec.parameters },
        }),
      ),
    );
    expect(tools.every((tool) => !Object.isFrozen(tool.schema))).toBe(true);
    // After the framework validated a call against it (and wrote into it), the schema still reads the same.
    expect(tools.map((tool) => JSON.stringify(convertToOpenAITool(tool).function.parameters))).toEqual(
      clientToolSpecs.map((spec) => JSON.stringify(spec.parameters)),
    );
  });

  for (const [kind, make, sends] of [
    // Its tools node runs a message's calls in turn: one stop per awaited call.
    [
      "createReactAgent",
      (llm: ScriptedChatModel, tools: LangChainClientTool[]) =>
        createReactAgent({ llm, tools, checkpointer: new MemorySaver() }),
      [["c1", "c3"], ["c4"], ["c5"], ["c6", "c7"], []],
    ],
    // Each call is a task of its own: the awaited calls of a message stop the graph together.
    [
      "langchain's createAgent",
      (model: ScriptedChatModel, tools: LangChainClientTool[]) =>
        createAgent({ model, tools, checkpointer: new MemorySaver() }),
      [["c1", "c3", "c4"], ["c5"], ["c6", "c7"], []],
    ],
  ] as const) {
    it(`through ${kind}, sends each call once over two turns, the fire-and-forget ones with the first stop of their message; refused arguments are answered with why`, async () => {
      shown.length = 0;
      const model = new ScriptedChatModel([
        new AIMessage({
          content: "",
          tool_calls: [
            { id: "c1", name: "show_toast", args: { text: "Opening", kind: "info" } },
            { id: "c2", name: "open_file_viewer", args: { file_path: "README.md", line: 0 } },
            { id: "c3", name: "open_file_viewer", args: { file_path: "README.md", line: 3 } },
            { id: "c4", name: "get_location", args: {} },
          ],
        }),
        new AIMessage({
          content: "",
          tool_calls: [{ id: "c5", name: "show_toast", args: { text: "Found you", kind: "success" } }],
        }),
        new AIMessage("You are in Lisbon."),
        new AIMessage({
          content: "",
          tool_calls: [
            { id: "c6", name: "show_toast", args: { text: "Again", kind: "info" } },
            { id: "c7", name: "get_location", args: {} },
          ],
        }),
        new AIMessage("Still Lisbon."),
      ]);
      const agent = make(model, toLangChainTools(clientToolSpecs, { validators: clientToolValidators }));
      const config = { configurable: { thread_id: `two-turns-${kind}` } };
      const delivered: string[][] = [];
      // The server's loop: the calls of each stop (and of the end) to the page, the page's answers back.
      const turn = async (text: string) => {
        let result = await agent.invoke({ messages: [{ role: "user", content: text }] }, config);
        for (let stops = 0; stops < 5 && isInterrupted(result); stops++) {
          const calls = clientToolCallsOfGraph(result);
          delivered.push(calls.map((call) => call.toolCallId));
          result = await agent.invoke(resumeClientToolCalls(result, await page(calls)), config);
        }
        expect(isInterrupted(result)).toBe(false);
        const calls = clientToolCallsOfGraph(result);
        delivered.push(calls.map((call) => call.toolCallId));
        await page(calls);
        return result;
      };
      expect((await turn("Open the readme and tell me where I am.")).messages.at(-1)?.content).toBe(
        "You are in Lisbon.",
      );
      expect(toolMessagesSeen(model)).toMatchObject({
        c2: [
          "error",
          'The arguments of "open_file_viewer" do not match its schema: /line must be >= 1. Call it again with arguments that do.',
        ],
        c3: ["success", '{"opened":true}'],
        c4: ["success", '{"city":"Lisbon"}'],
      });
      expect((await turn("And now?")).messages.at(-1)?.content).toBe("Still Lisbon.");
      // Each stop, then each turn's end: c1 goes with the first stop, before any awaited call is answered.
      expect(delivered).toEqual(sends);
      expect(shown).toEqual([
        { text: "Opening", kind: "info" },
        { text: "Found you", kind: "success" },
        { text: "Again", kind: "info" },
      ]);
      expect(toolMessagesSeen(model)).toMatchObject({
        c6: ["success", DISPATCHED_TEXT],
        c7: ["success", '{"city":"Lisbon"}'],
      });
    });
  }

  it("tells the model when the client's result does not match the tool's outputSchema", async () => {
    const model = new ScriptedChatModel([
      new AIMessage({ content: "", tool_calls: [{ id: "c1", name: "open_file_viewer", args: { file_path: "a.md" } }] }),
      new AIMessage("Sorry."),
    ]);
    const agent = createReactAgent({
      llm: model,
      tools: toLangChainTools(clientToolSpecs, { validators: clientToolValidators }),
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: "bad-result" } };
    const stopped = await agent.invoke({ messages: [{ role: "user", content: "Open a.md" }] }, config);
    expect(clientToolCallsOfGraph(await agent.getState(config))).toEqual(clientToolCallsOfGraph(stopped));
    // Resumed from the graph's saved state, as a server that kept nothing else between the requests does.
    await agent.invoke(
      resumeClientToolCalls(await agent.getState(config), [
        {
          toolCallId: "c1",
          outcome: { ok: true, name: "open_file_viewer", result: { opened: "yes" }, output: { opened: "yes" } },
        },
      ]),
      config,
    );
    expect(toolMessagesSeen(model)["c1"]?.[1]).toContain(
      "its result does not match the tool's result schema: /opened must be boolean",
    );
  });

  it('with strict: "compile", binds the strict variant and maps the model\'s nulls back before the call reaches the client', async () => {
    const model = new ScriptedChatModel([
      new AIMessage({
        content: "",
        tool_calls: [{ id: "c1", name: "open_file_viewer", args: { file_path: "a.md", line: null } }],
      }),
      new AIMessage("Opened."),
    ]);
    const agent = createReactAgent({
      llm: model,
      tools: toLangChainTools(clientToolSpecs, { validators: clientToolValidators, strict: "compile" }),
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: "strict" } };
    const stopped = await agent.invoke({ messages: [{ role: "user", content: "Open a.md" }] }, config);
    expect(model.bound).toContainEqual(
      expect.objectContaining({
        function: expect.objectContaining({
          name: "open_file_viewer",
          parameters: expect.objectContaining({ required: ["file_path", "line"] }),
        }),
      }),
    );
    const calls = clientToolCallsOfGraph(stopped);
    expect(calls).toEqual([
      { toolCallId: "c1", toolName: "open_file_viewer", args: { file_path: "a.md" }, awaited: true },
    ]);
    await agent.invoke(resumeClientToolCalls(stopped, await page(calls)), config);
    expect(toolMessagesSeen(model)).toEqual({ c1: ["success", '{"opened":true}'] });
  });

  it("with dispatch, carries each call within the run (the broker's way), all calls of a turn at once", async () => {
    const dispatched: unknown[] = [];
    const model = new ScriptedChatModel([
      new AIMessage({
        content: "",
        tool_calls: [
          { id: "c1", name: "get_location", args: {} },
          { id: "c2", name: "show_toast", args: { text: "Hi", kind: "success" } },
        ],
      }),
      new AIMessage("Lisbon."),
    ]);
    const tools = toLangChainTools(clientToolSpecs, {
      validators: clientToolValidators,
      dispatch: async (call) => {
        dispatched.push([call.toolName, call.toolCallId, call.args]);
        return call.toolName === "get_location"
          ? { status: "ok", result: { city: "Lisbon" } }
          : { status: "ok", result: DISPATCHED_TEXT };
      },
    });
    const result = await createReactAgent({ llm: model, tools }).invoke({
      messages: [{ role: "user", content: "Where am I?" }],
    });
    expect(isInterrupted(result)).toBe(false);
    expect(dispatched).toEqual([
      ["get_location", "c1", {}],
      ["show_toast", "c2", { text: "Hi", kind: "success" }],
    ]);
    expect(toolMessagesSeen(model)).toEqual({
      c1: ["success", '{"city":"Lisbon"}'],
      c2: ["success", JSON.stringify(DISPATCHED_TEXT)],
    });
  });

  it("invoked directly with a tool call, answers refused arguments with an error ToolMessage instead of throwing", async () => {
    const [tool] = toLangChainTools(
      clientToolSpecs.filter((spec) => spec.name === "show_toast"),
      { validators: clientToolValidators },
    );
    const message = await tool!.invoke({
      type: "tool_call",
      id: "c1",
      name: "show_toast",
      args: { text: "Hi", kind: "loud" },
    });
    expect(message).toBeInstanceOf(ToolMessage);
    expect(message).toMatchObject({
      status: "error",
      tool_call_id: "c1",
      content: expect.stringContaining(
        '/kind must be equal to one of the allowed values: "info", "success", "warning"',
      ),
    });
  });
});
