import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { isInterrupted, MemorySaver } from "@langchain/langgraph";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { createAgent } from "langchain";
import { describe, expect, it } from "vitest";
import { clientToolSpecs } from "../../../examples/frameworks/src/client-tools.gen/index.js";
import { clientToolValidators } from "../../../examples/frameworks/src/client-tools.gen/validators/index.js";
import { DISPATCHED_TEXT } from "../../wire/observation.js";
import { page, shown } from "../__fixtures__/frameworks-page.js";
import { type ClientToolCall, clientToolCallsOfGraph, resumeClientToolCalls, toLangChainTools } from "./index.js";

// The client tools through LangGraph's own agent loop, checkpointer and interrupts, with a scripted
// chat model that binds tools as LangChain's OpenAI integration does (convertToOpenAITool).

class ScriptedChatModel extends BaseChatModel {
  readonly bound: unknown[] = [];
  readonly prompts: BaseMessage[][] = [];
  constructor(private readonly replies: AIMessage[]) {
    super({});
  }
  _llmType(): string {
    return "scripted";
  }
  override bindTools(tools: StructuredToolInterface[]): this {
    this.bound.splice(0, this.bound.length, ...tools.map((tool) => convertToOpenAITool(tool)));
    return this;
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.prompts.push(messages);
    return { generations: [{ text: "", message: this.replies.shift() ?? new AIMessage("No more replies.") }] };
  }
}

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

  it("interrupts the graph on each awaited call, answers refused arguments with a ToolMessage that says why, and resumes with the client's results; a kind parameter arrives intact", async () => {
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
      new AIMessage("You are in Lisbon."),
    ]);
    const agent = createReactAgent({
      llm: model,
      tools: toLangChainTools(clientToolSpecs, { validators: clientToolValidators }),
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: "round-trip" } };
    let result = await agent.invoke(
      { messages: [{ role: "user", content: "Open the readme and tell me where I am." }] },
      config,
    );
    const seen: ClientToolCall[] = [];
    // The tools node runs the calls in turn: the graph stops on one awaited call at a time.
    for (let turn = 0; turn < 5 && isInterrupted(result); turn++) {
      const calls = clientToolCallsOfGraph(result);
      seen.push(...calls.filter((call) => call.awaited));
      result = await agent.invoke(resumeClientToolCalls(result, await page(calls)), config);
    }
    expect(isInterrupted(result)).toBe(false);
    expect(seen).toEqual([
      { toolCallId: "c3", toolName: "open_file_viewer", args: { file_path: "README.md", line: 3 }, awaited: true },
      { toolCallId: "c4", toolName: "get_location", args: {}, awaited: true },
    ]);
    expect(clientToolCallsOfGraph(result)).toEqual([
      { toolCallId: "c1", toolName: "show_toast", args: { text: "Opening", kind: "info" }, awaited: false },
    ]);
    expect(result.messages.at(-1)?.content).toBe("You are in Lisbon.");
    expect(toolMessagesSeen(model)).toEqual({
      c1: ["success", DISPATCHED_TEXT],
      c2: [
        "error",
        'The arguments of "open_file_viewer" do not match its schema: /line must be >= 1. Call it again with arguments that do.',
      ],
      c3: ["success", '{"opened":true}'],
      c4: ["success", '{"city":"Lisbon"}'],
    });
  });

  it("runs the same round trip through langchain's createAgent", async () => {
    const model = new ScriptedChatModel([
      new AIMessage({
        content: "",
        tool_calls: [
          { id: "c1", name: "show_toast", args: { text: "Opening", kind: "warning" } },
          { id: "c2", name: "open_file_viewer", args: { file_path: "notes.txt" } },
          { id: "c3", name: "open_file_viewer", args: { file_path: "" } },
        ],
      }),
      new AIMessage("Done."),
    ]);
    const agent = createAgent({
      model,
      tools: toLangChainTools(clientToolSpecs, { validators: clientToolValidators }),
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: "create-agent" } };
    let result = await agent.invoke({ messages: [{ role: "user", content: "Open my notes." }] }, config);
    const fireAndForget = clientToolCallsOfGraph(result).filter((call) => !call.awaited);
    for (let turn = 0; turn < 5 && isInterrupted(result); turn++)
      result = await agent.invoke(resumeClientToolCalls(result, await page(clientToolCallsOfGraph(result))), config);
    expect(isInterrupted(result)).toBe(false);
    expect(
      [...fireAndForget, ...clientToolCallsOfGraph(result)].filter((call) => !call.awaited).map((call) => call.args),
    ).toContainEqual({ text: "Opening", kind: "warning" });
    expect(result.messages.at(-1)?.content).toBe("Done.");
    expect(toolMessagesSeen(model)).toEqual({
      c1: ["success", DISPATCHED_TEXT],
      c2: ["success", '{"opened":false}'],
      c3: [
        "error",
        'The arguments of "open_file_viewer" do not match its schema: /file_path must NOT have fewer than 1 characters. Call it again with arguments that do.',
      ],
    });
  });

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
      content: expect.stringContaining("/kind must be equal to one of the allowed values"),
    });
  });
});
