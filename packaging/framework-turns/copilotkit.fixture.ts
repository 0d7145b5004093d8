// CopilotKit's own core (what its React hooks register tools with) with the adapter's frontend
// tools, and an AG-UI agent of the @ag-ui/client version CopilotKit depends on, scripted, in a
// fresh project. An approval is its human-in-the-loop tool: the handler below is the one
// useHumanInTheLoop registers (a promise its render resolves with `respond`), and the decision
// goes through answerCopilotKitApproval, as the render's buttons would send it.
import { AbstractAgent, type BaseEvent, type RunAgentInput } from "@ag-ui/client";
import { CopilotKitCore } from "@copilotkit/core";
import {
  answerCopilotKitApproval,
  toCopilotKitFrontendTools,
  toCopilotKitHumanInTheLoopTools,
} from "@gen-client-tools/runtime/copilotkit";
import { Observable } from "rxjs";
import { clientToolSpecs } from "./client-tools.gen/index.js";
import { clientToolSchemas } from "./client-tools.gen/validators/standard-schemas.js";
import { APPROVAL_TURNS, dispatch, ran, type ScenarioReport, TURNS, textOf } from "./page.js";

type Turns = readonly (readonly { readonly id: string; readonly name: string; readonly args: object }[])[];

/** A user's message gets its turn's calls; ToolMessages get a text. Records what each ToolMessage read. */
class ScriptedAgent extends AbstractAgent {
  readonly read: Record<string, string> = {};
  turns: Turns = TURNS;
  override run(input: RunAgentInput): Observable<BaseEvent> {
    for (const message of input.messages)
      if (message.role === "tool") this.read[message.toolCallId] = textOf(message.content);
    const users = input.messages.filter((message) => message.role === "user").length;
    const calls = input.messages.at(-1)?.role === "user" ? (this.turns[users - 1] ?? []) : [];
    return new Observable<BaseEvent>((subscriber) => {
      const ids = { threadId: input.threadId, runId: input.runId };
      const emit = (event: object) => subscriber.next(event as BaseEvent);
      emit({ type: "RUN_STARTED", ...ids });
      for (const call of calls) {
        emit({ type: "TOOL_CALL_START", toolCallId: call.id, toolCallName: call.name, parentMessageId: `m${users}` });
        emit({ type: "TOOL_CALL_ARGS", toolCallId: call.id, delta: JSON.stringify(call.args) });
        emit({ type: "TOOL_CALL_END", toolCallId: call.id });
      }
      if (calls.length === 0) {
        emit({ type: "TEXT_MESSAGE_START", messageId: `said_${input.runId}`, role: "assistant" });
        emit({ type: "TEXT_MESSAGE_CONTENT", messageId: `said_${input.runId}`, delta: "Done." });
        emit({ type: "TEXT_MESSAGE_END", messageId: `said_${input.runId}` });
      }
      emit({ type: "RUN_FINISHED", ...ids });
      subscriber.complete();
    });
  }
  override clone(): this {
    return this;
  }
}

export async function scenario(): Promise<ScenarioReport> {
  const agent = new ScriptedAgent({ agentId: "scripted", threadId: "thread_1" });
  const core = new CopilotKitCore({});
  for (const tool of Object.values(toCopilotKitFrontendTools(clientToolSpecs, clientToolSchemas, dispatch)))
    core.addTool(tool);
  for (const [index, content] of ["Pick a date", "Another", "Once more"].entries()) {
    agent.addMessage({ id: `u${index}`, role: "user", content });
    await core.runAgent({ agent });
  }

  // notify as a human-in-the-loop tool, its handler as useHumanInTheLoop makes it.
  const approving = new ScriptedAgent({ agentId: "approving", threadId: "thread_2" });
  approving.turns = APPROVAL_TURNS;
  const asking = new CopilotKitCore({});
  const shown: { call: { name: string; args: unknown; toolCallId: string }; respond: (result: unknown) => void }[] = [];
  // The React hook's types are @copilotkit/react-core's, not installed here: its fields are given one by one.
  const { name, description, parameters } = toCopilotKitHumanInTheLoopTools(clientToolSpecs, clientToolSchemas).notify;
  asking.addTool({
    name,
    description,
    parameters,
    handler: (args, { toolCall }) =>
      new Promise((respond) => shown.push({ call: { name: "notify", args, toolCallId: toolCall.id }, respond })),
  });
  asking.addTool(toCopilotKitFrontendTools(clientToolSpecs, clientToolSchemas, dispatch).pick_date);
  const decide = async (content: string, approved: boolean) => {
    approving.addMessage({ id: content, role: "user", content });
    const running = asking.runAgent({ agent: approving });
    for (let waited = 0; waited < 500 && shown.length === 0; waited++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const before = [...ran];
    const { call, respond } = shown.shift()!;
    await answerCopilotKitApproval(call, approved ? { approved } : { approved, reason: "Not now." }, respond, dispatch);
    await running;
    return before;
  };
  const beforeDecision = await decide("Notify me", true);
  const afterApproval = [...ran];
  await decide("Again", false);
  return { ran, modelRead: { ...agent.read, ...approving.read }, approval: { beforeDecision, afterApproval } };
}
