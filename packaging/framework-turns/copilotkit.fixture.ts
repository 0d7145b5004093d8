// CopilotKit's own core (what its React hooks register tools with) with the adapter's frontend
// tools, and an AG-UI agent of the @ag-ui/client version CopilotKit depends on, scripted, in a
// fresh project. Its approvals are its human-in-the-loop hook's, a React render: not run here.
import { AbstractAgent, type BaseEvent, type RunAgentInput } from "@ag-ui/client";
import { CopilotKitCore } from "@copilotkit/core";
import { toCopilotKitFrontendTools } from "@gen-client-tools/runtime/copilotkit";
import { Observable } from "rxjs";
import { clientToolSpecs } from "./client-tools.gen/index.js";
import { clientToolSchemas } from "./client-tools.gen/validators/standard-schemas.js";
import { dispatch, ran, type ScenarioReport, TURNS, textOf } from "./page.js";

/** A user's message gets its turn's calls; ToolMessages get a text. Records what each ToolMessage read. */
class ScriptedAgent extends AbstractAgent {
  readonly read: Record<string, string> = {};
  override run(input: RunAgentInput): Observable<BaseEvent> {
    for (const message of input.messages)
      if (message.role === "tool") this.read[message.toolCallId] = textOf(message.content);
    const users = input.messages.filter((message) => message.role === "user").length;
    const calls = input.messages.at(-1)?.role === "user" ? (TURNS[users - 1] ?? []) : [];
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
  return { ran, modelRead: agent.read };
}
