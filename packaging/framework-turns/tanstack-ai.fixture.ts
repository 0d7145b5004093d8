// TanStack AI through the docs' route (with-tanstack-ai.ts: chatParamsFromRequest into chat()) and
// its own ChatClient over SSE, a scripted adapter, in a fresh project.

import { toTanStackClientTools, toTanStackToolDefinitions } from "@gen-client-tools/runtime/tanstack-ai";
import {
  type AnyTextAdapter,
  chat,
  chatParamsFromRequest,
  type StreamChunk,
  type TextOptions,
  toServerSentEventsResponse,
} from "@tanstack/ai";
import { ChatClient, fetchServerSentEvents } from "@tanstack/ai-client";
import { clientToolSpecs } from "./client-tools.gen/index.js";
import { APPROVAL_TURNS, dispatch, ran, type ScenarioReport, TURNS, textOf } from "./page.js";
import { definitions, respond } from "./with-tanstack-ai.js";

type Turns = readonly (readonly { readonly id: string; readonly name: string; readonly args: object }[])[];

/** Each user message's turn of calls as AG-UI events; after tool results, a text. Records what each result read. */
function scriptedAdapter(turns: Turns, read: Record<string, string>): AnyTextAdapter {
  return {
    kind: "text",
    name: "scripted",
    model: "scripted-model",
    "~types": {} as never,
    async *chatStream(options: TextOptions): AsyncIterable<StreamChunk> {
      for (const message of options.messages)
        if (message.role === "tool" && message.toolCallId !== undefined)
          read[message.toolCallId] = textOf(message.content);
      const answered = options.messages.at(-1)?.role === "tool";
      const calls = answered ? [] : (turns[options.messages.filter((m) => m.role === "user").length - 1] ?? []);
      const base = { timestamp: Date.now(), model: "scripted-model" };
      const ids = { runId: options.runId ?? "run", threadId: options.threadId ?? "thread" };
      const events: object[] = [{ type: "RUN_STARTED", ...ids }];
      for (const call of calls)
        events.push(
          { type: "TOOL_CALL_START", toolCallId: call.id, toolCallName: call.name, toolName: call.name },
          { type: "TOOL_CALL_ARGS", toolCallId: call.id, delta: JSON.stringify(call.args) },
          { type: "TOOL_CALL_END", toolCallId: call.id },
        );
      const messageId = `said_${options.messages.length}`;
      if (calls.length === 0)
        events.push(
          { type: "TEXT_MESSAGE_START", messageId, role: "assistant" },
          { type: "TEXT_MESSAGE_CONTENT", messageId, delta: "Done." },
          { type: "TEXT_MESSAGE_END", messageId },
        );
      events.push({ type: "RUN_FINISHED", ...ids, finishReason: calls.length > 0 ? "tool_calls" : "stop" });
      for (const event of events) yield { ...event, ...base } as StreamChunk;
    },
    async structuredOutput() {
      return { data: null, rawText: "" };
    },
  } as unknown as AnyTextAdapter;
}

/** Waits until the client is idle with `count` texts from the model. */
async function settled(client: ChatClient, count: number): Promise<void> {
  for (let waited = 0; waited < 500; waited++) {
    const texts = client.getMessages().filter((m) => m.role === "assistant" && m.parts.some((p) => p.type === "text"));
    if (!client.getIsLoading() && texts.length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("the chat did not settle");
}

export async function scenario(): Promise<ScenarioReport> {
  const modelRead: Record<string, string> = {};
  const adapter = scriptedAdapter(TURNS, modelRead);
  const client = new ChatClient({
    connection: fetchServerSentEvents("http://app.test/chat", {
      fetchClient: async (input, init) => respond(adapter, new Request(input, init)),
    }),
    tools: toTanStackClientTools(definitions, dispatch),
  });
  for (const [index, text] of ["Pick a date", "Another", "Once more"].entries()) {
    await client.sendMessage(text);
    await settled(client, index + 1);
  }

  const approvingDefinitions = toTanStackToolDefinitions(clientToolSpecs, { needsApproval: ["notify"] });
  const approvalAdapter = scriptedAdapter(APPROVAL_TURNS, modelRead);
  const approving = new ChatClient({
    connection: fetchServerSentEvents("http://app.test/chat", {
      fetchClient: async (input, init) =>
        toServerSentEventsResponse(
          chat({
            adapter: approvalAdapter,
            ...(await chatParamsFromRequest(new Request(input, init))),
            tools: approvingDefinitions,
          }),
        ),
    }),
    tools: toTanStackClientTools(approvingDefinitions, dispatch),
  });
  const asked = async (toolCallId: string) => {
    for (let waited = 0; waited < 500; waited++) {
      for (const message of approving.getMessages())
        for (const part of message.parts)
          if (part.type === "tool-call" && part.name === "notify" && part.id === toolCallId && part.approval)
            return part.approval.id;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no approval asked for ${toolCallId}`);
  };
  await approving.sendMessage("Notify me");
  const first = await asked("n4");
  const beforeDecision = [...ran];
  await approving.addToolApprovalResponse({ id: first, approved: true });
  await settled(approving, 1);
  const afterApproval = [...ran];
  await approving.sendMessage("Again");
  await approving.addToolApprovalResponse({ id: await asked("n5"), approved: false });
  await settled(approving, 2);
  return { ran, modelRead, approval: { beforeDecision, afterApproval } };
}
