import { readUIMessageStream, type UIMessage, type UIMessageChunk } from "ai";
import { describe, expect, it } from "vitest";
import { type ClientTools, clientToolSpecs } from "../../../examples/ai-sdk-chat/src/client-tools.gen/index.js";
import { clientToolValidators } from "../../../examples/ai-sdk-chat/src/client-tools.gen/validators/index.js";
import { createClientToolCallStreams } from "../../client/call-streams.js";
import { type AiSdkToolPart, callStateFromAiSdkPart } from "./index.js";

// The parts come from the AI SDK's own stream reader (what useChat runs), fed the chunks a
// server's streamText sends for a call whose arguments stream in.
const CHART = {
  title: "Weekly sales",
  kind: "line",
  unit: "k€",
  points: [
    { label: "Mon", value: 12.5 },
    { label: "Tue", value: 18 },
  ],
};

async function partsOf(chunks: UIMessageChunk[]): Promise<AiSdkToolPart[]> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const parts: AiSdkToolPart[] = [];
  for await (const message of readUIMessageStream<UIMessage>({ stream })) {
    const part = message.parts.find((p) => p.type.startsWith("tool-"));
    // The reader hands out one message object, changed in place: keep a copy of each state.
    if (part !== undefined) parts.push(structuredClone(part) as AiSdkToolPart);
  }
  return parts;
}

function chartChunks(json: string, size: number): UIMessageChunk[] {
  const deltas: UIMessageChunk[] = [];
  for (let at = 0; at < json.length; at += size)
    deltas.push({ type: "tool-input-delta", toolCallId: "c1", inputTextDelta: json.slice(at, at + size) });
  return [
    { type: "start" },
    { type: "start-step" },
    { type: "tool-input-start", toolCallId: "c1", toolName: "show_chart" },
    ...deltas,
    { type: "tool-input-available", toolCallId: "c1", toolName: "show_chart", input: JSON.parse(json) },
  ];
}

describe("callStateFromAiSdkPart (AI SDK tool parts)", () => {
  it("reads the part's rawInput as it grows: typed partial arguments, a value from a list only whole, then the checked arguments", async () => {
    const json = JSON.stringify(CHART);
    const streams = createClientToolCallStreams<ClientTools>({
      specs: clientToolSpecs,
      validators: clientToolValidators,
    });
    const states = (await partsOf(chartChunks(json, 4))).map((part) => callStateFromAiSdkPart(part, streams));
    const streaming = states.filter((state) => state?.status === "input-streaming");
    expect(streaming.length).toBeGreaterThan(10);
    for (const state of streaming) {
      if (state?.status !== "input-streaming" || state.toolName !== "show_chart")
        throw new Error("a show_chart state was expected");
      expect([undefined, "line"]).toContain(state.args?.kind);
      if (state.isFinal("/title")) expect(state.args?.title).toBe(CHART.title);
    }
    expect(
      streaming.some(
        (state) =>
          state?.toolName === "show_chart" && state.status === "input-streaming" && state.args?.title === "Weekly",
      ),
    ).toBe(true);
    expect(states.at(-1)).toEqual({ status: "input-available", toolCallId: "c1", toolName: "show_chart", args: CHART });
  });

  it("says an invalid complete input is an error, gives an awaited tool's output its result and a denied call its reason", () => {
    const streams = createClientToolCallStreams<ClientTools>({
      specs: clientToolSpecs,
      validators: clientToolValidators,
    });
    const invalid = callStateFromAiSdkPart(
      { type: "tool-show_chart", toolCallId: "c2", state: "input-available", input: { ...CHART, kind: "pie" } },
      streams,
    );
    expect(invalid).toMatchObject({
      status: "output-error",
      error: expect.stringMatching(/^Invalid arguments for show_chart: \/kind /),
    });
    const args = { question: "Which?", colours: ["teal", "plum"] };
    const picked = callStateFromAiSdkPart(
      {
        type: "tool-pick_colour",
        toolCallId: "c3",
        state: "output-available",
        input: args,
        output: { colour: "plum" },
      },
      streams,
    );
    expect(picked).toEqual({
      status: "output-available",
      toolCallId: "c3",
      toolName: "pick_colour",
      args,
      result: { colour: "plum" },
    });
    const denied = callStateFromAiSdkPart(
      {
        type: "tool-pick_colour",
        toolCallId: "c4",
        state: "output-denied",
        input: args,
        approval: { approved: false, reason: "Not now." },
      },
      streams,
    );
    expect(denied).toMatchObject({ status: "output-error", error: "Not now." });
    expect(
      callStateFromAiSdkPart(
        { type: "tool-web_search", toolCallId: "c5", state: "input-available", input: {} },
        streams,
      ),
      "not a client tool",
    ).toBeUndefined();
  });

  it("gives the same state object for a part that did not change, so a memoized card does not draw again", () => {
    const streams = createClientToolCallStreams<ClientTools>({
      specs: clientToolSpecs,
      validators: clientToolValidators,
    });
    const part = { type: "tool-show_chart", toolCallId: "c1", state: "input-available", input: CHART } as const;
    expect(callStateFromAiSdkPart(part, streams)).toBe(callStateFromAiSdkPart(part, streams));
    const streamingPart = {
      type: "tool-show_chart",
      toolCallId: "c2",
      state: "input-streaming",
      rawInput: '{"title":"We',
    } as const;
    expect(callStateFromAiSdkPart(streamingPart, streams)).toBe(callStateFromAiSdkPart(streamingPart, streams));
  });
});
