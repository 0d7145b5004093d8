// A scripted TanStack AI text adapter, and a wait for a ChatClient to settle, for the adapter's tests.
import type { StreamChunk, TextOptions } from "@tanstack/ai";
import type { ChatClient } from "@tanstack/ai-client";

export type Call = { readonly id: string; readonly name: string; readonly args: string };

/** A scripted text adapter: the first turn calls the tools, the next one answers in text. */
export function scriptedAdapter(turns: readonly Call[][]) {
  const requests: TextOptions[] = [];
  const adapter = {
    kind: "text" as const,
    name: "scripted",
    model: "scripted-model",
    "~types": {} as never,
    async *chatStream(options: TextOptions): AsyncIterable<StreamChunk> {
      requests.push(options);
      const calls = turns[requests.length - 1] ?? [];
      const base = { timestamp: Date.now(), model: "scripted-model" };
      const ids = { runId: options.runId ?? "run", threadId: options.threadId ?? "thread" };
      yield { type: "RUN_STARTED", ...ids, ...base } as StreamChunk;
      for (const call of calls) {
        yield {
          type: "TOOL_CALL_START",
          toolCallId: call.id,
          toolCallName: call.name,
          toolName: call.name,
          ...base,
        } as StreamChunk;
        yield { type: "TOOL_CALL_ARGS", toolCallId: call.id, delta: call.args, ...base } as StreamChunk;
        yield { type: "TOOL_CALL_END", toolCallId: call.id, ...base } as StreamChunk;
      }
      if (calls.length === 0) {
        yield {
          type: "TEXT_MESSAGE_START",
          messageId: `m${requests.length}`,
          role: "assistant",
          ...base,
        } as StreamChunk;
        yield {
          type: "TEXT_MESSAGE_CONTENT",
          messageId: `m${requests.length}`,
          delta: "Done.",
          ...base,
        } as StreamChunk;
        yield { type: "TEXT_MESSAGE_END", messageId: `m${requests.length}`, ...base } as StreamChunk;
      }
      yield {
        type: "RUN_FINISHED",
        ...ids,
        finishReason: calls.length > 0 ? "tool_calls" : "stop",
        ...base,
      } as StreamChunk;
    },
    async structuredOutput() {
      return { data: null, rawText: "" };
    },
  };
  return { adapter, requests };
}


export async function settled(client: ChatClient, requests: readonly unknown[], count: number): Promise<void> {
  for (let waited = 0; waited < 200 && (requests.length < count || client.getIsLoading?.()); waited++)
    await new Promise((resolve) => setTimeout(resolve, 10));
}
