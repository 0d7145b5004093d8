import {
  chat,
  chatParamsFromRequest,
  type ModelMessage,
  type TextOptions,
  toServerSentEventsResponse,
} from "@tanstack/ai";
import { ChatClient, type ConnectConnectionAdapter, fetchServerSentEvents } from "@tanstack/ai-client";
import { describe, expect, it } from "vitest";
import { clientToolSpecs, dispatchToolCall } from "../../../examples/frameworks/src/client-tools.gen/index.js";
import { DISPATCHED_TEXT } from "../../wire/observation.js";
import { handlers, shown } from "../__fixtures__/frameworks-page.js";
import { scriptedAdapter, settled } from "./__fixtures__/scripted-adapter.js";
import { type ToolCallDispatch, toTanStackClientTools, toTanStackToolDefinitions } from "./index.js";

// The client tools through TanStack AI's own server loop (`chat()`) and its own ChatClient, joined
// in process as a connection adapter joins them over HTTP: the server ends a run on the client
// calls (AG-UI interrupts), the client runs them with the generated handlers, and resumes.

const dispatch: ToolCallDispatch = (name, args) => dispatchToolCall(name, args, handlers);

describe("the TanStack AI adapter", () => {
  it("runs the client calls in the page through chat() and ChatClient, each schema as written, a kind parameter intact, an invalid call answered with its reason", async () => {
    shown.length = 0;
    const { adapter, requests } = scriptedAdapter([
      [
        { id: "c1", name: "show_toast", args: '{"text":"Opening","kind":"info"}' },
        { id: "c2", name: "open_file_viewer", args: '{"file_path":"README.md","line":3}' },
        { id: "c3", name: "get_location", args: "{}" },
        { id: "c4", name: "open_file_viewer", args: '{"file_path":"README.md","line":0}' },
      ],
      [],
    ]);
    const definitions = toTanStackToolDefinitions(clientToolSpecs);
    const connection: ConnectConnectionAdapter = {
      async *connect(messages, _data, signal, run) {
        yield* chat({
          adapter,
          messages: messages as ModelMessage[],
          tools: definitions,
          ...(signal === undefined ? {} : { abortController: abortControllerOf(signal) }),
          ...(run?.threadId === undefined ? {} : { threadId: run.threadId }),
          ...(run?.runId === undefined ? {} : { runId: run.runId }),
          ...(run?.parentRunId === undefined ? {} : { parentRunId: run.parentRunId }),
          ...(run?.resume === undefined ? {} : { resume: run.resume }),
        });
      },
    };
    const client = new ChatClient({ connection, tools: toTanStackClientTools(definitions, dispatch) });
    await client.sendMessage("Open the readme and tell me where I am.");
    await settled(client, requests, 2);

    expect(requests.length).toBe(2);
    expect(requests[0]!.tools!.map((tool) => [tool.name, JSON.stringify(tool.inputSchema)])).toEqual(
      clientToolSpecs.map((spec) => [spec.name, JSON.stringify(spec.parameters)]),
    );
    expect(shown).toEqual([{ text: "Opening", kind: "info" }]);
    const toolMessages = Object.fromEntries(
      requests[1]!.messages.filter((m) => m.role === "tool").map((m) => [m.toolCallId, [m.content, m.error]]),
    );
    expect(toolMessages).toEqual({
      c1: [DISPATCHED_TEXT, undefined],
      c2: ['{"opened":true}', undefined],
      c3: ['{"city":"Lisbon"}', undefined],
      c4: ["Invalid arguments for open_file_viewer: /line must be >= 1.", undefined],
    });
  });

  it("runs each call once over two turns through the documented route: chatParamsFromRequest into chat(), ChatClient over SSE", async () => {
    shown.length = 0;
    const { adapter, requests } = scriptedAdapter([
      [
        { id: "c1", name: "show_toast", args: '{"text":"One","kind":"info"}' },
        { id: "c2", name: "get_location", args: "{}" },
      ],
      [],
      [
        { id: "c3", name: "show_toast", args: '{"text":"Two","kind":"info"}' },
        { id: "c4", name: "get_location", args: "{}" },
      ],
      [],
    ]);
    const definitions = toTanStackToolDefinitions(clientToolSpecs);
    // The server route of docs/frameworks.md, as written there.
    const respond = async (request: Request) =>
      toServerSentEventsResponse(chat({ adapter, ...(await chatParamsFromRequest(request)), tools: definitions }));
    const ran: string[] = [];
    const counting: ToolCallDispatch = (name, args, context) => {
      ran.push(context.toolCallId);
      return dispatch(name, args, context);
    };
    const client = new ChatClient({
      connection: fetchServerSentEvents("http://app.test/chat", {
        fetchClient: async (input, init) => respond(new Request(input, init)),
      }),
      tools: toTanStackClientTools(definitions, counting),
    });
    await client.sendMessage("Where am I?");
    await settled(client, requests, 2);
    await client.sendMessage("And now?");
    await settled(client, requests, 4);

    expect(requests.length).toBe(4);
    expect(ran).toEqual(["c1", "c2", "c3", "c4"]);
    expect(shown).toEqual([
      { text: "One", kind: "info" },
      { text: "Two", kind: "info" },
    ]);
    const answers = (request: TextOptions) =>
      Object.fromEntries(request.messages.filter((m) => m.role === "tool").map((m) => [m.toolCallId, m.content]));
    expect(answers(requests[1]!)).toEqual({ c1: DISPATCHED_TEXT, c2: '{"city":"Lisbon"}' });
    expect(answers(requests[3]!)).toMatchObject({ c3: DISPATCHED_TEXT, c4: '{"city":"Lisbon"}' });
  });
});

function abortControllerOf(signal: AbortSignal): AbortController {
  const controller = new AbortController();
  signal.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
  return controller;
}
