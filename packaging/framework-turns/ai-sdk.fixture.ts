// The AI SDK through the docs' route (with-ai-sdk-server.ts) and the SDK's own Chat with the docs'
// page options, a scripted model, in a fresh project.

import {
  answerAiSdkApproval,
  clientToolCallsAnswered,
  clientToolErrorText,
  handleAiSdkToolCall,
  toAiSdkTools,
} from "@gen-client-tools/runtime/ai-sdk";
import {
  AbstractChat,
  type ChatState,
  type ChatStatus,
  convertToModelMessages,
  DefaultChatTransport,
  type InferUITools,
  type LanguageModel,
  simulateReadableStream,
  streamText,
  type UIMessage,
} from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { type ClientToolMap, clientToolSpecs } from "./client-tools.gen/index.js";
import { clientToolValidators } from "./client-tools.gen/validators/index.js";
import { APPROVAL_TURNS, dispatch, ran, type ScenarioReport, TURNS, textOf } from "./page.js";
import { type clientTools, chat as docsRoute } from "./with-ai-sdk-server.js";

type Message = UIMessage<unknown, never, InferUITools<typeof clientTools>>;
type Turns = readonly (readonly { readonly id: string; readonly name: string; readonly args: object }[])[];
type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3["doStream"]>>["stream"] extends ReadableStream<infer P> ? P : never;
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const modelRead: Record<string, string> = {};

/** Each user message's turn of calls; after tool results, a text. Records what each result read to the model. */
function scriptedModel(turns: Turns): LanguageModel {
  return new MockLanguageModelV3({
    doStream: async ({ prompt }) => {
      for (const message of prompt)
        if (message.role === "tool")
          for (const part of message.content)
            if (part.type === "tool-result")
              modelRead[part.toolCallId] = textOf("value" in part.output ? part.output.value : part.output);
      const turn = turns[prompt.filter((message) => message.role === "user").length - 1] ?? [];
      const answered = prompt.at(-1)?.role === "tool";
      const chunks: StreamPart[] = answered
        ? [
            { type: "text-start", id: "t" },
            { type: "text-delta", id: "t", delta: "Done." },
            { type: "text-end", id: "t" },
            { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
          ]
        : [
            ...turn.map(
              (call): StreamPart => ({
                type: "tool-call",
                toolCallId: call.id,
                toolName: call.name,
                input: JSON.stringify(call.args),
              }),
            ),
            { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
          ];
      return { stream: simulateReadableStream({ chunks }) };
    },
  });
}

class PageChat extends AbstractChat<Message> {
  constructor(init: ConstructorParameters<typeof AbstractChat<Message>>[0] extends infer I ? Omit<I, "state"> : never) {
    const state: ChatState<Message> = {
      status: "ready" as ChatStatus,
      error: undefined,
      messages: [],
      pushMessage: (message) => void state.messages.push(message),
      popMessage: () => void state.messages.pop(),
      replaceMessage: (index, message) => void (state.messages[index] = message),
      snapshot: (thing) => structuredClone(thing),
    };
    super({ ...init, state });
  }
}

async function settled(chat: PageChat, users: number): Promise<void> {
  for (let waited = 0; waited < 500; waited++) {
    const last = chat.messages.at(-1);
    const done = last?.role === "assistant" && last.parts.some((part) => part.type === "text");
    if (chat.status === "ready" && done && chat.messages.filter((m) => m.role === "user").length === users) return;
    if (chat.status === "error") throw chat.error;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`the chat did not settle: ${chat.status}`);
}

/** A page's chat on a route: the docs' page options, with an approval list where given. */
function pageChat(route: (request: Request) => Promise<Response>, needsApproval: readonly string[]) {
  const chat: PageChat = new PageChat({
    transport: new DefaultChatTransport({
      api: "/chat",
      fetch: async (input, init) => route(new Request(new URL(String(input), "http://app.test"), init)),
    }),
    sendAutomaticallyWhen: clientToolCallsAnswered(needsApproval),
    onToolCall: ({ toolCall }) =>
      void handleAiSdkToolCall(toolCall, { dispatch, addToolOutput: chat.addToolOutput, needsApproval }),
  });
  return chat;
}

export async function scenario(): Promise<ScenarioReport> {
  const model = scriptedModel(TURNS);
  const docs = pageChat(
    async (request) => docsRoute(model, ((await request.json()) as { messages: UIMessage[] }).messages),
    [],
  );
  for (const [index, text] of ["Pick a date", "Another", "Once more"].entries()) {
    await docs.sendMessage({ text });
    await settled(docs, index + 1);
  }

  const needsApproval = ["notify"];
  const tools = toAiSdkTools<ClientToolMap>(clientToolSpecs, { validators: clientToolValidators, needsApproval });
  const approvalModel = scriptedModel(APPROVAL_TURNS);
  const approving = pageChat(async (request) => {
    const { messages } = (await request.json()) as { messages: UIMessage[] };
    const result = streamText({ model: approvalModel, messages: await convertToModelMessages(messages), tools });
    return result.toUIMessageStreamResponse({ onError: clientToolErrorText });
  }, needsApproval);
  const options = {
    dispatch,
    addToolOutput: approving.addToolOutput,
    addToolApprovalResponse: approving.addToolApprovalResponse,
  };
  const asked = async (toolCallId: string) => {
    for (let waited = 0; waited < 500; waited++) {
      const part = approving.messages
        .flatMap((m) => m.parts)
        .find((p) => "toolCallId" in p && p.toolCallId === toolCallId);
      if (
        part !== undefined &&
        "toolCallId" in part &&
        part.state === "approval-requested" &&
        approving.status === "ready"
      )
        return part;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no approval asked for ${toolCallId}`);
  };
  await approving.sendMessage({ text: "Notify me" });
  const first = await asked("n4");
  const beforeDecision = [...ran];
  await answerAiSdkApproval(first, { approved: true }, options);
  await settled(approving, 1);
  const afterApproval = [...ran];
  await approving.sendMessage({ text: "Again" });
  await answerAiSdkApproval(await asked("n5"), { approved: false, reason: "Not now." }, options);
  await settled(approving, 2);
  return { ran, modelRead, approval: { beforeDecision, afterApproval } };
}
