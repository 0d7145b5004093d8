import {
  asSchema,
  DirectChatTransport,
  type InferUITools,
  lastAssistantMessageIsCompleteWithToolCalls,
  simulateReadableStream,
  stepCountIs,
  ToolLoopAgent,
  type UIMessage,
} from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it, vi } from "vitest";
import {
  type ClientToolHandlers,
  type ClientToolMap,
  clientToolSpecs,
  dispatchToolCall,
} from "../../../examples/validators/src/client-tools.gen/index.js";
import { clientToolValidators } from "../../../examples/validators/src/client-tools.gen/validators/index.js";
import { ClientToolExportError } from "../../export/errors.js";
import { exportClientTools } from "../../export/export-client-tools.js";
import { ClientCallBroker } from "../../server/broker.js";
import { parseClientToolSpecs } from "../../tool-spec/parse.js";
import { outcomeToObservation } from "../../wire/observation.js";
import { type StreamPart, TestChat as TestChatOf, usage } from "./__fixtures__/test-chat.js";
import { clientToolErrorText, handleAiSdkToolCall, type ToolCallDispatch, toAiSdkTools } from "./index.js";

// A client tool round trip through the AI SDK's own Chat, agent loop and mock model: the model
// calls pick_date, the chat's onToolCall dispatches it to the generated handlers, the output
// goes back with addToolOutput, and the chat sends it on to the model by itself.

const tools = toAiSdkTools<ClientToolMap>(clientToolSpecs, { validators: clientToolValidators });
type Message = UIMessage<unknown, never, InferUITools<typeof tools>>;

class TestChat extends TestChatOf<Message> {}

/**
 * A scripted model: a call of `toolName` with `input` first (streamed in `pieces` when asked, as
 * providers stream a call's arguments), then a text that quotes the tool's output it was given.
 */
function scriptedModel(toolName: string, input: string, pieces = 1) {
  const prompts: unknown[] = [];
  const model = new MockLanguageModelV3({
    doStream: async (options) => {
      prompts.push(options.prompt);
      const last = options.prompt.at(-1);
      const answered = last?.role === "tool" ? last.content.find((part) => part.type === "tool-result") : undefined;
      const chunks: StreamPart[] = answered
        ? [
            { type: "text-start" as const, id: "t1" },
            { type: "text-delta" as const, id: "t1", delta: `Output: ${JSON.stringify(answered.output)}` },
            { type: "text-end" as const, id: "t1" },
            { type: "finish" as const, finishReason: { unified: "stop" as const, raw: "stop" }, usage },
          ]
        : [
            ...streamedInput(toolName, input, pieces),
            { type: "tool-call" as const, toolCallId: "call_1", toolName, input },
            { type: "finish" as const, finishReason: { unified: "tool-calls" as const, raw: "tool_calls" }, usage },
          ];
      return { stream: simulateReadableStream({ chunks }) };
    },
  });
  return { model, prompts };
}

/** The input-start / delta / end parts before a tool call, its input cut in `pieces`. */
function streamedInput(toolName: string, input: string, pieces: number): StreamPart[] {
  if (pieces <= 1) return [];
  const size = Math.ceil(input.length / pieces);
  const deltas = Array.from(
    { length: pieces },
    (_, i): StreamPart => ({ type: "tool-input-delta", id: "call_1", delta: input.slice(i * size, (i + 1) * size) }),
  );
  return [{ type: "tool-input-start", id: "call_1", toolName }, ...deltas, { type: "tool-input-end", id: "call_1" }];
}

/**
 * A chat on an agent, in process. With `onError`, the agent stops after each step, as a route
 * handler's `streamText(...).toUIMessageStreamResponse({ onError })` does: the model's next turn is
 * the chat's next request, which carries what the stream said of each tool error.
 */
function chatWith(
  toolName: string,
  input: string,
  handlers: ClientToolHandlers<{ signal: AbortSignal }>,
  pieces = 1,
  onError?: (error: unknown) => string,
) {
  const { model, prompts } = scriptedModel(toolName, input, pieces);
  const agent = new ToolLoopAgent({ model, tools, ...(onError !== undefined && { stopWhen: stepCountIs(1) }) });
  const dispatch: ToolCallDispatch = (name, args, { signal }) => dispatchToolCall(name, args, handlers, { signal });
  const chat: TestChat = new TestChat({
    // The server's toUIMessageStreamResponse({ onError }), in process.
    transport: new DirectChatTransport({ agent, ...(onError !== undefined && { onError }) }),
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
    onToolCall: ({ toolCall }) => void handleAiSdkToolCall(toolCall, { dispatch, addToolOutput: chat.addToolOutput }),
  });
  return { chat, prompts };
}

async function settled(chat: TestChat, turns: number): Promise<void> {
  await vi.waitFor(() => {
    expect(chat.status).toBe("ready");
    expect(
      chat.messages.filter((m) => m.role === "assistant").flatMap((m) => m.parts.filter((p) => p.type === "text")),
    ).toHaveLength(turns);
  });
}

describe("the AI SDK adapter", () => {
  it("carries an awaited client tool's call to its handler and its result back to the model", async () => {
    const pick = vi.fn((args: { title: string }) => ({ date: args.title === "When?" ? "2026-12-24" : "?" }));
    const { chat, prompts } = chatWith("pick_date", '{"title":"When?"}', {
      pick_date: pick,
      share_link: () => undefined,
    });
    await chat.sendMessage({ text: "Pick a date" });
    await settled(chat, 1);
    expect(pick).toHaveBeenCalledOnce();
    const toolPart = chat.messages.flatMap((m) => m.parts).find((p) => p.type === "tool-pick_date");
    expect(toolPart).toMatchObject({
      state: "output-available",
      input: { title: "When?" },
      output: { date: "2026-12-24" },
    });
    expect(prompts).toHaveLength(2);
    const text = chat.messages.at(-1)!.parts.find((p) => p.type === "text");
    expect(text).toMatchObject({ text: 'Output: {"type":"json","value":{"date":"2026-12-24"}}' });
  });

  it("dispatches a call whose arguments stream in pieces once, with the whole arguments, never on partial input", async () => {
    const seen: unknown[] = [];
    const pick = vi.fn((args: { title: string }) => {
      seen.push(args);
      return { date: "2026-12-24" };
    });
    const { chat } = chatWith(
      "pick_date",
      '{"title":"When shall we meet?"}',
      { pick_date: pick, share_link: () => undefined },
      5,
    );
    await chat.sendMessage({ text: "Pick a date" });
    await settled(chat, 1);
    expect(seen).toEqual([{ title: "When shall we meet?" }]);
  });

  it("gives the model the acknowledgement for a fire-and-forget tool", async () => {
    const share = vi.fn();
    const { chat } = chatWith("share_link", '{"url":"https://example.com"}', {
      pick_date: () => ({ date: "" }),
      share_link: share,
    });
    await chat.sendMessage({ text: "Share it" });
    await settled(chat, 1);
    expect(share).toHaveBeenCalledOnce();
    expect(chat.messages.at(-1)!.parts.find((p) => p.type === "text")).toMatchObject({
      text: 'Output: {"type":"text","value":"Tool call dispatched to client."}',
    });
  });

  it("turns a failing handler into an error output the model reads", async () => {
    const { chat } = chatWith("pick_date", '{"title":"When?"}', {
      pick_date: () => {
        throw new Error("The user closed the calendar.");
      },
      share_link: () => undefined,
    });
    await chat.sendMessage({ text: "Pick a date" });
    await settled(chat, 1);
    expect(chat.messages.flatMap((m) => m.parts).find((p) => p.type === "tool-pick_date")).toMatchObject({
      state: "output-error",
      errorText: "The user closed the calendar.",
    });
    expect(chat.messages.at(-1)!.parts.find((p) => p.type === "text")).toMatchObject({
      text: 'Output: {"type":"error-text","value":"The user closed the calendar."}',
    });
  });

  it("tells the model why the generated validators refused its arguments, with clientToolErrorText as the stream's onError; with the SDK's default, only that an error occurred", async () => {
    const pick = vi.fn(() => ({ date: "2026-12-24" }));
    const handlers = { pick_date: pick, share_link: () => undefined };
    const told = async (onError?: (error: unknown) => string) => {
      const { chat, prompts } = chatWith("pick_date", '{"title":5}', handlers, 1, onError);
      await chat.sendMessage({ text: "Pick a date" });
      await settled(chat, 1);
      expect(prompts).toHaveLength(2);
      return chat.messages.at(-1)!.parts.find((p) => p.type === "text");
    };
    expect(await told(clientToolErrorText)).toMatchObject({
      text: 'Output: {"type":"error-text","value":"The arguments of \\"pick_date\\" do not match its schema: /title must be string. Call it again with arguments that do."}',
    });
    // The SDK's default onError, as toUIMessageStreamResponse() has it.
    expect(await told(() => "An error occurred.")).toMatchObject({
      text: 'Output: {"type":"error-text","value":"An error occurred."}',
    });
    // The client never ran the tool with arguments its schema refuses.
    expect(pick).not.toHaveBeenCalled();
  });

  it("says nothing of the server's other errors to the model", () => {
    expect(clientToolErrorText(new Error("connect ECONNREFUSED 10.0.0.5:5432"))).toBe("An error occurred.");
    expect(clientToolErrorText("password authentication failed for user app")).toBe("An error occurred.");
    expect(
      clientToolErrorText("Model tried to call unavailable tool 'rm_rf'. Available tools: pick_date, share_link."),
    ).toBe('There is no tool "rm_rf".');
  });

  it("gives the handler a signal, and adds no output once it has fired", async () => {
    const controller = new AbortController();
    const addToolOutput = vi.fn();
    let seen: AbortSignal | undefined;
    const dispatch: ToolCallDispatch = async (_name, _args, { signal }) => {
      seen = signal;
      controller.abort();
      return { ok: true, name: "pick_date", result: { date: "x" }, output: { date: "x" } };
    };
    await handleAiSdkToolCall(
      { toolCallId: "c", toolName: "pick_date", input: {} },
      { dispatch, addToolOutput, signal: controller.signal },
    );
    expect(seen?.aborted).toBe(true);
    expect(addToolOutput).not.toHaveBeenCalled();
  });

  it("leaves a tool it does not know to the app's other handlers", async () => {
    const addToolOutput = vi.fn();
    const dispatch: ToolCallDispatch = (name, args, { signal }) =>
      dispatchToolCall(name, args, { pick_date: () => ({ date: "" }), share_link: () => undefined }, { signal });
    const outcome = await handleAiSdkToolCall(
      { toolCallId: "c", toolName: "server_side_search", input: {} },
      { dispatch, addToolOutput },
    );
    expect(outcome).toMatchObject({ ok: false, reason: "unknown_tool" });
    expect(addToolOutput).not.toHaveBeenCalled();
  });

  it("passes each schema as written, checks with the generated validators, and asks for strict mode only where it qualifies", async () => {
    expect(Object.keys(tools)).toEqual(["pick_date", "share_link"]);
    const pickDate = asSchema(tools.pick_date.inputSchema);
    // As written, byte for byte, in a copy of the SDK's own: the spec's schema stays frozen, and what the SDK is given
    // may be written into.
    const given = (await pickDate.jsonSchema) as Record<string, unknown>;
    expect(JSON.stringify(given)).toBe(JSON.stringify(clientToolSpecs[0].parameters));
    expect(Object.isFrozen(given)).toBe(false);
    given["title"] = "changed by the framework";
    expect(clientToolSpecs[0].parameters).not.toHaveProperty("title");
    expect(await pickDate.validate?.({ title: 1 })).toMatchObject({
      success: false,
      error: { message: "/title must be string" },
    });
    expect(await pickDate.validate?.({ title: "t" })).toEqual({ success: true, value: { title: "t" } });
    // pick_date's optional "earliest" is outside OpenAI's strict rules (every property required); share_link is open.
    const auto = toAiSdkTools<ClientToolMap>(clientToolSpecs, { strict: "auto" });
    expect([auto.pick_date.strict, auto.share_link.strict]).toEqual([undefined, undefined]);
    // strict: true is every tool or an error naming each one that cannot be, as exportClientTools has it.
    for (const asked of [
      () => toAiSdkTools<ClientToolMap>(clientToolSpecs, { strict: true }),
      () => exportClientTools(clientToolSpecs, "openai-chat", { strict: true }),
    ]) {
      const error = (() => {
        try {
          asked();
        } catch (thrown) {
          return thrown;
        }
      })();
      expect(error).toBeInstanceOf(ClientToolExportError);
      expect((error as ClientToolExportError).problems.map((problem) => problem.tool)).toEqual(
        expect.arrayContaining(["pick_date", "share_link"]),
      );
    }
    const closed = toAiSdkTools(
      [
        {
          name: "ok",
          description: "d",
          parameters: {
            type: "object",
            properties: { a: { type: "string" } },
            required: ["a"],
            additionalProperties: false,
          },
        },
      ],
      { strict: true },
    );
    expect(closed["ok"]?.strict).toBe(true);
  });

  it('with strict: "compile", gives the model a strict variant and maps its arguments back before the generated validators check them', async () => {
    const compiled = toAiSdkTools<ClientToolMap>(clientToolSpecs, {
      validators: clientToolValidators,
      strict: "compile",
    });
    expect(compiled.pick_date.strict).toBe(true);
    const pickDate = asSchema(compiled.pick_date.inputSchema);
    // The variant: the optional "earliest" is required and nullable.
    expect(await pickDate.jsonSchema).toMatchObject({ required: ["title", "earliest"] });
    expect(await pickDate.validate?.({ title: "When?", earliest: null })).toEqual({
      success: true,
      value: { title: "When?" },
    });
    expect(await pickDate.validate?.({ title: 1, earliest: null })).toMatchObject({ success: false });
    // The spec stays what it was.
    expect(clientToolSpecs[0].parameters["required"]).toEqual(["title"]);
  });
});

describe("a private-input tool through the AI SDK", () => {
  const CANARY = "canary-aisdk-5e1d-private";
  const [connect] = parseClientToolSpecs([
    {
      name: "connect_account",
      description: "Connect the requested service with credentials the user enters.",
      parameters: { type: "object", properties: { service: { type: "string" } }, required: ["service"] },
      privateInput: {
        schema: { type: "object", properties: { token: { type: "string" } }, required: ["token"] },
        response: { status: "connected" },
      },
    },
  ]);

  it("needs the privateInput option: its value goes to the broker, never through the chat", () => {
    expect(() => toAiSdkTools([connect!])).toThrow(
      /takes a private input, which goes to the broker and never through the chat: give toAiSdkTools the privateInput option/,
    );
  });

  it("runs on the server through the broker: the handler gets the value, the chat's messages hold only the response", async () => {
    const taken: unknown[] = [];
    const broker = new ClientCallBroker({
      tools: [connect!],
      privateInputs: { connect_account: async (value) => void taken.push(value) },
    });
    try {
      // The user's client, answering through the runner's transport.
      broker.on(
        "requested",
        ({ request }) =>
          void broker.submit({ requestId: request.requestId, owner: "alice", result: { token: CANARY } }),
      );
      const privateTools = toAiSdkTools([connect!], {
        privateInput: async ({ toolName, toolCallId, args }) =>
          outcomeToObservation(
            await broker.dispatch({ conversationId: "c1", owner: "alice", toolName, toolCallId, args: args as object }),
            connect,
          ).content[0]!.text,
      });
      const { model } = scriptedModel("connect_account", '{"service":"github"}');
      const agent = new ToolLoopAgent({ model, tools: privateTools });
      const asked: string[] = [];
      const dispatch: ToolCallDispatch = async (name) => (
        asked.push(name), { ok: false, name, reason: "private_input", message: "takes a private input" }
      );
      const added = vi.fn();
      const chat: TestChat = new TestChat({
        transport: new DirectChatTransport({ agent }) as never,
        sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
        onToolCall: ({ toolCall }) => void handleAiSdkToolCall(toolCall, { dispatch, addToolOutput: added }),
      });
      await chat.sendMessage({ text: "Connect GitHub" });
      await settled(chat, 1);
      expect(taken).toEqual([{ token: CANARY }]);
      const part = chat.messages.flatMap((m) => m.parts).find((p) => String(p.type) === "tool-connect_account");
      expect(part).toMatchObject({ state: "output-available", output: '{"status":"connected"}' });
      expect(JSON.stringify(chat.messages)).not.toContain(CANARY);
      // The chat's own tool-call handling left it alone: no output added from the client.
      expect(added).not.toHaveBeenCalled();
    } finally {
      await broker.close();
    }
  });
});
