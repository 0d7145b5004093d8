import { type LanguageModel, simulateReadableStream } from "ai";
import { MockLanguageModelV3 } from "ai/test";

type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3["doStream"]>>["stream"] extends ReadableStream<infer P> ? P : never;
type Prompt = Parameters<MockLanguageModelV3["doStream"]>[0]["prompt"];

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/**
 * A model that needs no key and no network: asked about a colour it calls pick_colour, asked for
 * a toast it calls show_toast, asked for a "wrong" colour it calls pick_colour with arguments its
 * schema refuses, and given a tool's output it says what came back.
 */
export function scriptedModel(): LanguageModel {
  let calls = 0;
  return new MockLanguageModelV3({
    doStream: async ({ prompt }) => {
      calls += 1;
      return { stream: simulateReadableStream({ chunks: reply(prompt, `call_${calls}`), chunkDelayInMs: 5 }) };
    },
  });
}

function reply(prompt: Prompt, toolCallId: string): StreamPart[] {
  const last = prompt.at(-1);
  if (last?.role === "tool") {
    const output = last.content.find((p) => p.type === "tool-result")?.output;
    if (
      output?.type === "json" &&
      typeof output.value === "object" &&
      output.value !== null &&
      "colour" in output.value
    )
      return text(`You picked ${String(output.value.colour)}.`);
    if (output?.type === "error-text") return text(`That did not work: ${output.value}`);
    return text("Done.");
  }
  const asked = last?.role === "user" ? last.content.map((p) => (p.type === "text" ? p.text : "")).join(" ") : "";
  if (/wrong/i.test(asked))
    return toolCall(toolCallId, "pick_colour", { question: "Which colour?", colours: ["ultraviolet"] });
  if (/colou?r/i.test(asked))
    return toolCall(toolCallId, "pick_colour", {
      question: "Which colour should the theme use?",
      colours: ["teal", "coral", "plum"],
    });
  if (/toast|notice/i.test(asked)) return toolCall(toolCallId, "show_toast", { text: "Saved." });
  return text('Ask me to pick a colour ("pick a colour") or to show a toast ("show a toast").');
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
