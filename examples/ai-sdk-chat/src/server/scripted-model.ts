import { type LanguageModel, simulateReadableStream } from "ai";
import { MockLanguageModelV3 } from "ai/test";

type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3["doStream"]>>["stream"] extends ReadableStream<infer P> ? P : never;
type Prompt = Parameters<MockLanguageModelV3["doStream"]>[0]["prompt"];

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** The chart the model draws when asked for one. */
export const SALES_CHART = {
  title: "Weekly sales",
  kind: "bar",
  unit: "k€",
  points: [
    { label: "Mon", value: 12.5 },
    { label: "Tue", value: 18 },
    { label: "Wed", value: 9.25 },
    { label: "Thu", value: 21 },
    { label: "Fri", value: 27.75 },
  ],
} as const;

/** The chart's arguments arrive in pieces this long, as a model writes them. */
const DELTA_CHARS = 6;

/**
 * A model that needs no key and no network: asked about a colour it calls pick_colour, asked
 * for a toast it calls show_toast, asked for a chart it streams show_chart's arguments in many
 * small deltas, and given a tool's output it says what came back.
 */
export function scriptedModel(): LanguageModel {
  let calls = 0;
  return new MockLanguageModelV3({
    doStream: async ({ prompt }) => {
      calls += 1;
      const chunks = reply(prompt, `call_${calls}`);
      // Slow enough that a page draws the chart's arguments in several states as they arrive.
      const streamed = chunks.some((chunk) => chunk.type === "tool-input-delta");
      return { stream: simulateReadableStream({ chunks, chunkDelayInMs: streamed ? 25 : 5 }) };
    },
  });
}

function reply(prompt: Prompt, toolCallId: string): StreamPart[] {
  const last = prompt.at(-1);
  if (last?.role === "tool") {
    const part = last.content.find((p) => p.type === "tool-result");
    const output = part?.output;
    const said =
      output?.type === "json" && typeof output.value === "object" && output.value !== null && "colour" in output.value
        ? `You picked ${String(output.value.colour)}.`
        : output?.type === "error-text"
          ? `That did not work: ${output.value}`
          : "Done.";
    return text(said);
  }
  const asked = last?.role === "user" ? last.content.map((p) => (p.type === "text" ? p.text : "")).join(" ") : "";
  if (/colou?r/i.test(asked))
    return toolCall(toolCallId, "pick_colour", {
      question: "Which colour should the theme use?",
      colours: ["teal", "coral", "plum"],
    });
  if (/toast|notice/i.test(asked)) return toolCall(toolCallId, "show_toast", { text: "Saved." });
  if (/chart/i.test(asked)) return streamedToolCall(toolCallId, "show_chart", SALES_CHART);
  return text(
    'Ask me to pick a colour ("pick a colour"), to show a toast ("show a toast") or to draw a chart ("draw a chart").',
  );
}

function text(said: string): StreamPart[] {
  return [
    { type: "text-start", id: "t" },
    { type: "text-delta", id: "t", delta: said },
    { type: "text-end", id: "t" },
    { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
  ];
}

function toolCall(toolCallId: string, toolName: string, input: object): StreamPart[] {
  return [
    { type: "tool-call", toolCallId, toolName, input: JSON.stringify(input) },
    { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
  ];
}

/** A tool call whose arguments stream in, a few characters at a time, before the call itself. */
function streamedToolCall(toolCallId: string, toolName: string, input: object): StreamPart[] {
  const json = JSON.stringify(input);
  const deltas: StreamPart[] = [];
  for (let at = 0; at < json.length; at += DELTA_CHARS)
    deltas.push({ type: "tool-input-delta", id: toolCallId, delta: json.slice(at, at + DELTA_CHARS) });
  return [
    { type: "tool-input-start", id: toolCallId, toolName },
    ...deltas,
    { type: "tool-input-end", id: toolCallId },
    { type: "tool-call", toolCallId, toolName, input: json },
    { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
  ];
}
