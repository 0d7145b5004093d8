import { type ClientToolRequest, createClientToolRunner } from "@gen-client-tools/runtime";
import { clientToolHandlers } from "../client-tool-handlers.js";
import {
  type ClientToolName,
  clientToolSpecs,
  clientToolsPayload,
  dispatchClientAction,
  isClientAction,
} from "../client-tools.gen/index.js";
import type { CanvasEvent, EventMessage } from "../shared/events.js";
import { renderEvent, setStatus } from "./events-view.js";
import { canvasUi } from "./ui.js";

/** This browser's identity: a demo bearer token kept in localStorage (a real app has a login). */
const owner = localStorage.getItem("owner") ?? crypto.randomUUID();
localStorage.setItem("owner", owner);
const authorization = { authorization: `Bearer ${owner}` };

/**
 * The tools that act on the ActionEvent itself; every other one (awaited, private inputs) comes as a client-tool
 * request.
 */
const fireAndForget = new Set<string>(
  clientToolSpecs
    .filter((tool) => !("outputSchema" in tool) && !("awaited" in tool) && !("privateInput" in tool))
    .map((tool) => tool.name),
);

/** Answers to awaited calls go back over the runtime's HTTP route; the server validates them. */
async function postAnswer(requestId: string, body: object): Promise<number> {
  const response = await fetch(`/client-tools/${encodeURIComponent(requestId)}`, {
    method: "POST",
    headers: { ...authorization, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return response.status;
}

// One handlers object for both paths: the runner passes `context` with the call's signal beside it.
const runner = createClientToolRunner({
  handlers: clientToolHandlers,
  context: { ui: canvasUi },
  send: async (message) => {
    const body =
      message.type === "client_tool.result"
        ? { attempt: message.attempt, result: message.result }
        : { attempt: message.attempt, error: message.error, retryable: message.retryable };
    await postAnswer(message.requestId, body);
  },
});

/** Hooks for the browser test: answer an open call with a raw body (e.g. an invalid result). */
const testHooks = {
  pending: [] as ClientToolRequest[],
  holdAwaited: false,
  postAnswer,
};
(globalThis as { canvasTestHooks?: typeof testHooks }).canvasTestHooks = testHooks;

function handleRequest(request: ClientToolRequest): void {
  testHooks.pending.push(request);
  if (!testHooks.holdAwaited) void runner.handle(request);
}

async function conversationId(): Promise<string> {
  const saved = localStorage.getItem("conversation");
  if (saved !== null) {
    const response = await fetch(`/api/conversations/${saved}`, { headers: authorization });
    if (response.ok) return saved;
  }
  const response = await fetch("/api/conversations", {
    method: "POST",
    headers: { ...authorization, "content-type": "application/json" },
    body: JSON.stringify(clientToolsPayload),
  });
  if (!response.ok)
    throw new Error(`the server refused the conversation: ${((await response.json()) as { detail: string }).detail}`);
  const { id } = (await response.json()) as { id: string };
  localStorage.setItem("conversation", id);
  return id;
}

async function start(): Promise<void> {
  const id = await conversationId();
  const history = (await (await fetch(`/api/conversations/${id}`, { headers: authorization })).json()) as {
    events: CanvasEvent[];
  };
  for (const event of history.events) renderEvent(event);

  const socket = new WebSocket(`${location.origin.replace(/^http/, "ws")}/ws?conversation=${id}&owner=${owner}`);
  socket.addEventListener("open", async () => {
    setStatus("connected");
    // Calls sent before a reload are still open on the server: pick them up.
    const pending = (await (await fetch("/client-tools", { headers: authorization })).json()) as {
      requests: ClientToolRequest[];
    };
    for (const request of pending.requests) handleRequest(request);
  });
  socket.addEventListener("close", () => setStatus("disconnected: reload to reconnect"));
  socket.addEventListener("message", (message) => {
    const data = JSON.parse(String(message.data)) as
      | EventMessage
      | { type: "client_tool.requested"; request: ClientToolRequest };
    if (data.type === "client_tool.requested") return handleRequest(data.request);
    if (data.type !== "event") return;
    renderEvent(data.event);
    // Fire-and-forget tools act on the ActionEvent itself; awaited ones arrive as client-tool requests.
    const event = data.event;
    if (
      event.kind === "ActionEvent" &&
      isClientAction(event.action) &&
      fireAndForget.has(event.tool_name as ClientToolName)
    ) {
      dispatchClientAction(event, clientToolHandlers, { ui: canvasUi }).catch((error: unknown) =>
        renderEvent({
          kind: "MessageEvent",
          id: event.id,
          timestamp: event.timestamp,
          source: "agent",
          text: `The page could not run ${event.tool_name}: ${String(error)}`,
        }),
      );
    }
  });

  document.querySelector<HTMLFormElement>("#composer")!.addEventListener("submit", (submit) => {
    submit.preventDefault();
    const input = document.querySelector<HTMLInputElement>("#message")!;
    const text = input.value.trim();
    if (text === "") return;
    input.value = "";
    void fetch(`/api/conversations/${id}/messages`, {
      method: "POST",
      headers: { ...authorization, "content-type": "application/json" },
      body: JSON.stringify({ text }),
    });
  });
}

start().catch((error: unknown) => setStatus(String(error)));
