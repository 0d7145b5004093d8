import { DirectChatTransport, type InferUITools, simulateReadableStream, ToolLoopAgent, type UIMessage } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it, vi } from "vitest";
import {
  type ClientToolMap,
  clientToolSpecs,
  dispatchToolCall,
} from "../../../examples/validators/src/client-tools.gen/index.js";
import { clientToolValidators } from "../../../examples/validators/src/client-tools.gen/validators/index.js";
import { type StreamPart, TestChat, usage } from "./__fixtures__/test-chat.js";
import {
  answerAiSdkApproval,
  clientToolCallsAnswered,
  clientToolErrorText,
  handleAiSdkToolCall,
  type ToolCallDispatch,
  toAiSdkTools,
} from "./index.js";

// Several turns of one chat through the AI SDK's own Chat, agent loop and a scripted model: each
// turn calls the fire-and-forget share_link and the awaited pick_date in one step, and the model's
// next step quotes what each call gave it.

type Calls = (turn: number) => { readonly toolName: string; readonly input: string }[];

/** The model: turn n's calls (ids `t<n>-<i>`), then a text listing each tool result it was given. */
function scriptedModel(calls: Calls) {
  const prompts: { role: string; content: unknown }[][] = [];
  const model = new MockLanguageModelV3({
    doStream: async (options) => {
      prompts.push(options.prompt as never);
      const turn = options.prompt.filter((message) => message.role === "user").length;
      const last = options.prompt.at(-1);
      const chunks: StreamPart[] =
        last?.role === "tool"
          ? [
              { type: "text-start", id: "t" },
              { type: "text-delta", id: "t", delta: JSON.stringify(last.content.map((part) => part)) },
              { type: "text-end", id: "t" },
              { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
            ]
          : [
              ...calls(turn).map(
                (call, i): StreamPart => ({ type: "tool-call", toolCallId: `t${turn}-${i}`, ...call }),
              ),
              { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
            ];
      return { stream: simulateReadableStream({ chunks }) };
    },
  });
  return { model, prompts };
}

const bothTools: Calls = (turn) => [
  { toolName: "share_link", input: JSON.stringify({ url: `https://example.com/${turn}` }) },
  { toolName: "pick_date", input: JSON.stringify({ title: `Turn ${turn}` }) },
];

function chatOn(calls: Calls, needsApproval: readonly string[] = []) {
  const tools = toAiSdkTools<ClientToolMap>(clientToolSpecs, { validators: clientToolValidators, needsApproval });
  type Message = UIMessage<unknown, never, InferUITools<typeof tools>>;
  const { model, prompts } = scriptedModel(calls);
  const ran: string[] = [];
  const dispatch: ToolCallDispatch = (name, args, { toolCallId, signal }) => {
    ran.push(toolCallId);
    return dispatchToolCall(
      name,
      args,
      { pick_date: ({ title }) => ({ date: title === "Turn 1" ? "2026-12-24" : "2026-12-31" }), share_link: () => {} },
      { signal },
    );
  };
  const chat: TestChat<Message> = new TestChat<Message>({
    transport: new DirectChatTransport({ agent: new ToolLoopAgent({ model, tools }), onError: clientToolErrorText }),
    sendAutomaticallyWhen: clientToolCallsAnswered(needsApproval),
    onToolCall: ({ toolCall }) =>
      void handleAiSdkToolCall(toolCall, { dispatch, addToolOutput: chat.addToolOutput, needsApproval }),
  });
  const options = {
    dispatch,
    addToolOutput: chat.addToolOutput,
    addToolApprovalResponse: chat.addToolApprovalResponse,
  };
  const lastText = () =>
    chat.messages
      .at(-1)
      ?.parts.filter((part) => part.type === "text")
      .at(-1)?.text;
  const settled = (turn: number) =>
    vi.waitFor(() => {
      expect(chat.error).toBeUndefined();
      expect(chat.status).toBe("ready");
      expect(chat.messages.filter((m) => m.role === "user")).toHaveLength(turn);
      expect(lastText()).toBeDefined();
    });
  type ToolPart = Extract<Message["parts"][number], { toolCallId: string }>;
  const approvalPart = (toolCallId: string) =>
    chat.messages
      .flatMap((m) => m.parts)
      .find((part): part is ToolPart => "toolCallId" in part && part.toolCallId === toolCallId);
  return { chat, prompts, ran, options, settled, lastText, approvalPart };
}

describe("the AI SDK adapter over several turns", () => {
  it("runs each call of a turn once, both tools in one step, never again on the next turn; the model reads the result", async () => {
    const { chat, prompts, ran, settled, lastText } = chatOn(bothTools);
    await chat.sendMessage({ text: "Share and pick" });
    await settled(1);
    expect(lastText()).toContain('"value":{"date":"2026-12-24"}');
    expect(lastText()).toContain('"value":"Tool call dispatched to client."');
    await chat.sendMessage({ text: "Again" });
    await settled(2);
    expect(ran).toEqual(["t1-0", "t1-1", "t2-0", "t2-1"]);
    expect(lastText()).toContain('"value":{"date":"2026-12-31"}');
    expect(prompts).toHaveLength(4);
  });

  it("tells the model of an invalid call the pointer and the property at fault, and runs nothing", async () => {
    const { chat, ran, settled, lastText } = chatOn(() => [
      { toolName: "pick_date", input: JSON.stringify({ title: "When?", colour: "red" }) },
    ]);
    await chat.sendMessage({ text: "Pick" });
    await vi.waitFor(() => expect(chat.status).not.toBe("submitted"));
    await settled(1).catch(() => undefined);
    const part = chat.messages.flatMap((m) => m.parts).find((p) => p.type === "tool-pick_date");
    expect(part).toMatchObject({ state: "output-error" });
    expect(JSON.stringify(part)).toContain('must NOT have additional properties: \\"colour\\"');
    expect(ran).toEqual([]);
    expect(lastText()).toContain('/ must NOT have additional properties: \\"colour\\"');
  });

  it("holds a call that needs approval until it is approved, runs it once, and after a denial runs nothing and the model reads why", async () => {
    const { chat, prompts, ran, options, settled, lastText, approvalPart } = chatOn(bothTools, ["pick_date"]);
    await chat.sendMessage({ text: "Share and pick" });
    await vi.waitFor(() => expect(approvalPart("t1-1")).toMatchObject({ state: "approval-requested" }));
    await vi.waitFor(() => expect(chat.status).toBe("ready"));
    expect(ran).toEqual(["t1-0"]);
    const approved = approvalPart("t1-1")!;
    await answerAiSdkApproval(approved, { approved: true }, options);
    await answerAiSdkApproval(approved, { approved: true }, options);
    await settled(1);
    expect(ran).toEqual(["t1-0", "t1-1"]);
    expect(lastText()).toContain('"value":{"date":"2026-12-24"}');

    await chat.sendMessage({ text: "Again" });
    await vi.waitFor(() => expect(approvalPart("t2-1")).toMatchObject({ state: "approval-requested" }));
    await vi.waitFor(() => expect(chat.status).toBe("ready"));
    await answerAiSdkApproval(approvalPart("t2-1")!, { approved: false, reason: "Not that day." }, options);
    await settled(2);
    expect(ran).toEqual(["t1-0", "t1-1", "t2-0"]);
    expect(lastText()).toContain('"type":"execution-denied","reason":"Not that day."');
    expect(prompts).toHaveLength(4);
  });

  it("refuses a needsApproval list naming a tool it was not given", () => {
    expect(() => toAiSdkTools(clientToolSpecs, { needsApproval: ["pick_dates"] })).toThrow(
      /needsApproval names "pick_dates", which is not among the client tools given/,
    );
  });
});
