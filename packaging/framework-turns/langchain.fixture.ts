// LangChain.js through the docs' chatAgent (with-langchain.ts: createReactAgent with a checkpointer)
// and langchain's createAgent with its human-in-the-loop middleware, a scripted chat model, in a
// fresh project.

import { clientToolCallsOfGraph, resumeClientToolCalls, toLangChainTools } from "@gen-client-tools/runtime/langchain";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { Command, isInterrupted, MemorySaver } from "@langchain/langgraph";
import { type AgentMiddleware, createAgent, humanInTheLoopMiddleware } from "langchain";
import { clientToolSpecs } from "./client-tools.gen/index.js";
import { clientToolValidators } from "./client-tools.gen/validators/index.js";
import { APPROVAL_TURNS, answer, ran, type ScenarioReport, TURNS, textOf } from "./page.js";
import { chatAgent } from "./with-langchain.js";

type Turns = readonly (readonly { readonly id: string; readonly name: string; readonly args: object }[])[];

/** Each turn's calls in one message, then a text once it has their results; records what each result read. */
class ScriptedChatModel extends BaseChatModel {
  readonly #replies: AIMessage[];
  constructor(
    turns: Turns,
    readonly read: Record<string, string>,
  ) {
    super({});
    this.#replies = turns.flatMap((calls) => [
      new AIMessage({
        content: "",
        tool_calls: calls.map((call) => ({ id: call.id, name: call.name, args: { ...call.args } })),
      }),
      new AIMessage("Done."),
    ]);
  }
  _llmType(): string {
    return "scripted";
  }
  override bindTools(): this {
    return this;
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    for (const message of messages)
      if (ToolMessage.isInstance(message)) this.read[message.tool_call_id] = textOf(message.content);
    return { generations: [{ text: "", message: this.#replies.shift() ?? new AIMessage("No more replies.") }] };
  }
}

export async function scenario(): Promise<ScenarioReport> {
  const modelRead: Record<string, string> = {};
  const agent = chatAgent(new ScriptedChatModel(TURNS, modelRead));
  for (const text of ["Pick a date", "Another", "Once more"]) {
    let reply = await agent.ask(text);
    for (let stop = 0; stop < 5; stop++) {
      const answers = await answer(reply.calls);
      if (reply.done) break;
      reply = await agent.answer(answers);
    }
  }

  // langchain's middleware config type does not resolve under exactOptionalPropertyTypes.
  const approval = humanInTheLoopMiddleware({
    interruptOn: { notify: { allowedDecisions: ["approve", "reject"] } },
  } as never);
  const approving = createAgent({
    model: new ScriptedChatModel(APPROVAL_TURNS, modelRead),
    tools: toLangChainTools(clientToolSpecs, { validators: clientToolValidators }),
    middleware: [approval as unknown as AgentMiddleware],
    checkpointer: new MemorySaver(),
  });
  const config = { configurable: { thread_id: "approvals" } };
  let beforeDecision: string[] = [];
  let afterApproval: string[] = [];
  for (const [text, approved] of [
    ["Notify me", true],
    ["Again", false],
  ] as const) {
    let result = await approving.invoke({ messages: [{ role: "user", content: text }] }, config);
    for (let stop = 0; stop < 5 && isInterrupted(result); stop++) {
      const answers = await answer(clientToolCallsOfGraph(result));
      const asked = result.__interrupt__.some((pending) => JSON.stringify(pending.value).includes("actionRequests"));
      if (asked && approved) beforeDecision = [...ran];
      const decision = approved ? { type: "approve" } : { type: "reject", message: "Not now." };
      result = await approving.invoke(
        asked ? new Command({ resume: { decisions: [decision] } }) : resumeClientToolCalls(result, answers),
        config,
      );
    }
    await answer(clientToolCallsOfGraph(result));
    if (approved) afterApproval = [...ran];
  }
  return { ran, modelRead, approval: { beforeDecision, afterApproval } };
}
