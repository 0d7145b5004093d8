import { useChat } from "@ai-sdk/react";
import {
  DefaultChatTransport,
  type InferUITools,
  isStaticToolUIPart,
  lastAssistantMessageIsCompleteWithToolCalls,
  type UIMessage,
} from "ai";
import { useState, useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import { handleAiSdkToolCall, type ToolCallDispatch } from "../../../../runtime/adapters/ai-sdk/index.js"; // in an app: "@gen-client-tools/runtime/ai-sdk"
import { ClientToolCallView } from "../../../../runtime/adapters/react/index.js"; // in an app: "@gen-client-tools/runtime/react"
import { createClientToolCallStreams } from "../../../../runtime/index.js"; // in an app: "@gen-client-tools/runtime"
import { clientToolHandlers } from "../client-tool-handlers.js";
import { type ClientTools, clientToolSpecs, dispatchToolCall } from "../client-tools.gen/index.js";
import { clientToolValidators } from "../client-tools.gen/validators/index.js";
import type { clientTools } from "../server/main.js";
import { createPageUi } from "./page-ui.js";
import { toolCards } from "./tool-cards.js";

type ChatMessage = UIMessage<unknown, never, InferUITools<typeof clientTools>>;

const page = createPageUi();
const stopped = new AbortController();
const dispatch: ToolCallDispatch = (name, args, { signal }) =>
  dispatchToolCall(name, args, clientToolHandlers, { signal, ui: page.ui });
/** Each call's arguments as they stream in, one parser per call: what the tool cards are drawn from. */
const streams = createClientToolCallStreams<ClientTools>({ specs: clientToolSpecs, validators: clientToolValidators });

function App() {
  const [draft, setDraft] = useState("");
  const ui = useSyncExternalStore(page.subscribe, page.state);
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
            if (isStaticToolUIPart(part))
              return (
                <ClientToolCallView key={`${message.id}-${i}`} part={part} streams={streams} renderers={toolCards} />
              );
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
      <ul id="kept-charts" hidden>
        {ui.charts.map((chart, i) => (
          <li key={i}>{JSON.stringify(chart)}</li>
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
          placeholder='Try "pick a colour", "show a toast" or "draw a chart"'
        />
        <button type="submit" disabled={chat.status === "streaming" || chat.status === "submitted"}>
          Send
        </button>
      </form>
      <p id="status">{chat.status}</p>
    </main>
  );
}

createRoot(document.getElementById("root")!).render(<App />);
