// The AI SDK's own Chat, in process and without React, for the adapter's tests.
import { AbstractChat, type ChatState, type ChatStatus, type UIMessage } from "ai";
import type { MockLanguageModelV3 } from "ai/test";

export class TestChat<Message extends UIMessage> extends AbstractChat<Message> {
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

/** A part of what a mock model streams. */
export type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3["doStream"]>>["stream"] extends ReadableStream<infer P> ? P : never;

export const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
