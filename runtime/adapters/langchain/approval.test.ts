import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { Command, isInterrupted, MemorySaver } from "@langchain/langgraph";
import { type AgentMiddleware, createAgent, humanInTheLoopMiddleware } from "langchain";
import { describe, expect, it } from "vitest";
import { clientToolSpecs } from "../../../examples/frameworks/src/client-tools.gen/index.js";
import { clientToolValidators } from "../../../examples/frameworks/src/client-tools.gen/validators/index.js";
import { page, shown } from "../__fixtures__/frameworks-page.js";
import { ScriptedChatModel } from "./__fixtures__/scripted-chat-model.js";
import { clientToolCallsOfGraph, resumeClientToolCalls, toLangChainTools } from "./index.js";

// LangChain's human-in-the-loop middleware asks the user before a fire-and-forget client call,
// beside an awaited one of the same message: nothing reaches the page before the decision, and a
// rejected call never does.

describe("the LangChain adapter under langchain's human-in-the-loop middleware", () => {
  it("sends a call that waits for approval only once approved, never when rejected, each once over two turns", async () => {
    shown.length = 0;
    const model = new ScriptedChatModel([
      new AIMessage({
        content: "",
        tool_calls: [
          { id: "t1", name: "show_toast", args: { text: "One", kind: "info" } },
          { id: "l1", name: "get_location", args: {} },
        ],
      }),
      new AIMessage("Lisbon."),
      new AIMessage({
        content: "",
        tool_calls: [
          { id: "t2", name: "show_toast", args: { text: "Two", kind: "info" } },
          { id: "l2", name: "get_location", args: {} },
        ],
      }),
      new AIMessage("Lisbon again."),
    ]);
    // langchain's middleware types do not resolve under this repository's settings (its config type is never).
    const approval = humanInTheLoopMiddleware({
      interruptOn: { show_toast: { allowedDecisions: ["approve", "reject"] } },
    } as never);
    const agent = createAgent({
      model,
      tools: toLangChainTools(clientToolSpecs, { validators: clientToolValidators }),
      middleware: [approval as unknown as AgentMiddleware],
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: "approvals" } };
    const delivered: string[][] = [];
    const turn = async (text: string, decision: "approve" | "reject") => {
      let result = await agent.invoke({ messages: [{ role: "user", content: text }] }, config);
      for (let stops = 0; stops < 5 && isInterrupted(result); stops++) {
        const calls = clientToolCallsOfGraph(result);
        delivered.push(calls.map((call) => call.toolCallId));
        // The app's own interrupt (the approval) takes the user's decision; the client calls their answers.
        const asked = result.__interrupt__.find((pending) => JSON.stringify(pending.value).includes("actionRequests"));
        result = await agent.invoke(
          asked !== undefined
            ? new Command({
                resume: {
                  decisions: [decision === "approve" ? { type: "approve" } : { type: "reject", message: "Not now." }],
                },
              })
            : resumeClientToolCalls(result, await page(calls)),
          config,
        );
      }
      expect(isInterrupted(result)).toBe(false);
      const calls = clientToolCallsOfGraph(result);
      delivered.push(calls.map((call) => call.toolCallId));
      await page(calls);
      return result;
    };
    expect((await turn("Where am I?", "approve")).messages.at(-1)?.content).toBe("Lisbon.");
    expect((await turn("And now?", "reject")).messages.at(-1)?.content).toBe("Lisbon again.");
    // The approval's stop sends nothing; the awaited call's stop sends the approved toast with it. A
    // rejection sends the model back at once (the middleware's way), so l2 never runs either.
    expect(delivered).toEqual([[], ["t1", "l1"], [], [], []]);
    expect(shown).toEqual([{ text: "One", kind: "info" }]);
    const rejected = model.prompts
      .at(-1)!
      .find((message) => ToolMessage.isInstance(message) && message.tool_call_id === "t2");
    expect(rejected?.content).toContain("Not now.");
  });
});
