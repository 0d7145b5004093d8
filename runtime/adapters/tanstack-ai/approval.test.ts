import { chat, chatParamsFromRequest, type TextOptions, toServerSentEventsResponse } from "@tanstack/ai";
import { ChatClient, fetchServerSentEvents } from "@tanstack/ai-client";
import { describe, expect, it } from "vitest";
import { clientToolSpecs, dispatchToolCall } from "../../../examples/frameworks/src/client-tools.gen/index.js";
import { DISPATCHED_TEXT } from "../../wire/observation.js";
import { handlers, shown } from "../__fixtures__/frameworks-page.js";
import { scriptedAdapter, settled } from "./__fixtures__/scripted-adapter.js";
import { type ToolCallDispatch, toTanStackClientTools, toTanStackToolDefinitions } from "./index.js";

// A fire-and-forget tool that needs the user's approval beside an awaited one, through chat() and
// ChatClient over SSE as docs/frameworks.md routes them: it runs only once approved, never after a
// denial, each call once over two turns.

describe("the TanStack AI adapter with needsApproval", () => {
  it("runs a call that waits for approval only once approved, never after a denial, each once over two turns", async () => {
    shown.length = 0;
    const { adapter, requests } = scriptedAdapter([
      [
        { id: "t1", name: "show_toast", args: '{"text":"One","kind":"info"}' },
        { id: "l1", name: "get_location", args: "{}" },
      ],
      [],
      [
        { id: "t2", name: "show_toast", args: '{"text":"Two","kind":"info"}' },
        { id: "l2", name: "get_location", args: "{}" },
      ],
      [],
    ]);
    const definitions = toTanStackToolDefinitions(clientToolSpecs, { needsApproval: ["show_toast"] });
    const respond = async (request: Request) =>
      toServerSentEventsResponse(chat({ adapter, ...(await chatParamsFromRequest(request)), tools: definitions }));
    const ran: string[] = [];
    const dispatch: ToolCallDispatch = (name, args, context) => {
      ran.push(context.toolCallId);
      return dispatchToolCall(name, args, handlers);
    };
    const client = new ChatClient({
      connection: fetchServerSentEvents("http://app.test/chat", {
        fetchClient: async (input, init) => respond(new Request(input, init)),
      }),
      tools: toTanStackClientTools(definitions, dispatch),
    });
    const approvalOf = async (toolCallId: string) => {
      for (let waited = 0; waited < 200; waited++) {
        for (const message of client.getMessages())
          for (const part of message.parts)
            if (part.type === "tool-call" && part.name === "show_toast" && part.id === toolCallId && part.approval)
              return part.approval.id;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no approval asked for ${toolCallId}`);
    };

    await client.sendMessage("Where am I?");
    const first = await approvalOf("t1");
    expect(ran).not.toContain("t1");
    await client.addToolApprovalResponse({ id: first, approved: true });
    await settled(client, requests, 2);
    console.log(
      "AFTER1",
      requests.length,
      ran,
      JSON.stringify(
        (client as unknown as { interruptManager: { items: unknown[]; rootErrors: unknown } }).interruptManager.items,
      ),
      JSON.stringify((client as unknown as { interruptManager: { rootErrors: unknown } }).interruptManager.rootErrors),
      JSON.stringify(
        client
          .getMessages()
          .map((m) =>
            m.parts.map((p) => [
              p.type,
              (p as { id?: string }).id,
              (p as { state?: string }).state,
              (p as { approval?: unknown }).approval,
            ]),
          ),
      ),
    );
    await client.sendMessage("And now?");
    const second = await approvalOf("t2");
    await client.addToolApprovalResponse({ id: second, approved: false });
    await settled(client, requests, 4);

    expect(ran.filter((id) => id.startsWith("t"))).toEqual(["t1"]);
    expect(ran.filter((id) => id.startsWith("l"))).toEqual(["l1", "l2"]);
    expect(shown).toEqual([{ text: "One", kind: "info" }]);
    const answers = (request: TextOptions) =>
      Object.fromEntries(request.messages.filter((m) => m.role === "tool").map((m) => [m.toolCallId, m.content]));
    expect(answers(requests.at(-1)!)).toMatchObject({
      t1: DISPATCHED_TEXT,
      l1: '{"city":"Lisbon"}',
      l2: '{"city":"Lisbon"}',
    });
    expect(String(answers(requests.at(-1)!)["t2"])).toMatch(/denied|declined|not approved/i);
  });
});
