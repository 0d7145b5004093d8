"use client";
import { useChat } from "@ai-sdk/react";
import { handleAiSdkToolCall, type ToolCallDispatch } from "@gen-client-tools/runtime/ai-sdk";
import {
  DefaultChatTransport,
  type InferUITools,
  lastAssistantMessageIsCompleteWithToolCalls,
  type UIMessage,
} from "ai";
import { Suspense, useState, useSyncExternalStore } from "react";
import { clientToolHandlers } from "@/client-tool-handlers";
import { dispatchToolCall } from "@/client-tools.gen";
import type { ClientTools } from "./api/chat/route";
import { createPageUi } from "./page-ui";

type ChatMessage = UIMessage<unknown, never, InferUITools<ClientTools>>;

const page = createPageUi();
const stopped = new AbortController();
const dispatch: ToolCallDispatch = (name, args, { signal }) =>
  dispatchToolCall(name, args, clientToolHandlers, { signal, ui: page.ui });

// useChat makes its ids as it renders: under cacheComponents (create-next-app 16's default) a page that does renders
// inside <Suspense>, on each visit rather than at build time.
export default function Page() {
  return (
    <Suspense>
      <Chat />
    </Suspense>
  );
}

function Chat() {
  const [draft, setDraft] = useState("");
  const ui = useSyncExternalStore(page.subscribe, page.state, page.state);
  const chat = useChat<ChatMessage>({
    transport: new DefaultChatTransport({ api: "/api/chat" }),
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
    onToolCall: ({ toolCall }) =>
      void handleAiSdkToolCall(toolCall, { dispatch, addToolOutput: chat.addToolOutput, signal: stopped.signal }),
  });
  return (
    <main>
      <ol id="messages">
        {chat.messages.map((message) =>
          message.parts.map((part, i) => {
            if (part.type === "text")
              return (
                <li key={`${message.id}-${i}`} className={message.role}>
                  {part.text}
                </li>
              );
            if (part.type === "tool-pick_colour" || part.type === "tool-show_toast") {
              const shown =
                part.state === "output-available"
                  ? JSON.stringify(part.output)
                  : part.state === "output-error"
                    ? part.errorText
                    : "…";
              return (
                <li key={`${message.id}-${i}`} className="tool">{`${part.type.slice("tool-".length)}: ${shown}`}</li>
              );
            }
            return null;
          }),
        )}
      </ol>
      {ui.question && (
        <section id="question">
          <p>{ui.question.text}</p>
          {ui.question.colours.map((colour) => (
            <button type="button" key={colour} data-colour={colour} onClick={() => ui.question?.answer(colour)}>
              {colour}
            </button>
          ))}
        </section>
      )}
      <ul id="toasts">
        {ui.toasts.map((text, i) => (
          <li key={i}>{text}</li>
        ))}
      </ul>
      <form
        id="composer"
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.trim() === "") return;
          void chat.sendMessage({ text: draft });
          setDraft("");
        }}
      >
        <input
          id="message"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder='Try "pick a colour", "show a toast" or "a wrong colour"'
        />
        <button type="submit" disabled={chat.status === "streaming" || chat.status === "submitted"}>
          Send
        </button>
      </form>
      <p id="status">{chat.status}</p>
    </main>
  );
}
