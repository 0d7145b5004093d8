import { HttpAgent } from "@ag-ui/client";
import { type BaseEvent, EventType, type Message, type RunAgentInput } from "@ag-ui/core";
import { afterAll, describe, expect, it } from "vitest";
import { ClientCallBroker } from "../../server/broker.js";
import { parseClientToolSpecs } from "../../tool-spec/parse.js";
import { clientToolContractOf, clientToolDifferences } from "../../wire/client-tool-contract.js";
import { ClientToolContractMalformedError } from "../../wire/errors.js";
import type { ClientToolMismatchMessage } from "../../wire/messages.js";
import { outcomeToObservation } from "../../wire/observation.js";
import type { ClientCallOutcome } from "../../wire/outcome.js";
import type { ToolCallDispatch } from "../dispatch.js";
import {
  AG_UI_CONTRACT_PROP,
  acceptAgUiToolMessage,
  agUiClientToolContract,
  createAgUiClientToolSubscriber,
  toAgUiMismatchEvent,
  toAgUiRunFinishedEvent,
  toAgUiToolCallEvents,
} from "./index.js";

// A thread of several runs through @ag-ui/client's own HttpAgent, against a server on our server
// half (its fetch handed the server's handler): the first run calls three client tools, a
// fire-and-forget one with a parameter named `kind` and two awaited ones; the next runs carry
// the frontend's ToolMessages, with no resume entry, and go on.

const tools = parseClientToolSpecs([
  {
    name: "show_notice",
    description: "Show a notice.",
    parameters: {
      type: "object",
      properties: { kind: { enum: ["info", "warning"] }, text: { type: "string" } },
      required: ["kind", "text"],
      additionalProperties: false,
    },
  },
  {
    name: "get_location",
    description: "Get the user's city.",
    outputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
  {
    name: "get_time",
    description: "Get the user's time.",
    outputSchema: { type: "object", properties: { time: { type: "string" } }, required: ["time"] },
  },
]);

describe("an AG-UI thread of several runs through @ag-ui/client's HttpAgent", () => {
  const broker = new ClientCallBroker({ tools });
  afterAll(() => broker.close());
  /** The awaited calls the server's agent loop waits on, by toolCallId. */
  const waiting = new Map<string, Promise<ClientCallOutcome>>();
  const runs: RunAgentInput[] = [];
  let calls = 0;

  /** The server: AG-UI over Server-Sent Events, its agent loop scripted. */
  async function server(request: Request): Promise<Response> {
    const input = (await request.json()) as RunAgentInput;
    runs.push(input);
    const { threadId, runId } = input;
    for (const message of input.messages)
      await acceptAgUiToolMessage(broker, { owner: "alice", conversationId: threadId, message });
    const events: BaseEvent[] = [{ type: EventType.RUN_STARTED, threadId, runId } as BaseEvent];
    const pending: string[] = [];
    if (input.messages.at(-1)?.role === "user") {
      // The model calls the tools the user's message asks for.
      const asked: [string, object][] =
        calls === 0
          ? [
              ["show_notice", { kind: "info", text: "Looking…" }],
              ["get_location", {}],
              ["get_time", {}],
            ]
          : [["get_location", {}]];
      for (const [toolName, args] of asked) {
        const toolCallId = `call_${++calls}`;
        events.push(...toAgUiToolCallEvents({ toolCallId, toolName, args }));
        pending.push(toolCallId);
        if (toolName !== "show_notice")
          waiting.set(
            toolCallId,
            broker.dispatch({ conversationId: threadId, owner: "alice", toolName, toolCallId, args }),
          );
      }
    } else {
      // Answered: the model says what came back.
      const said = await Promise.all(
        [...waiting].map(
          async ([id, outcome]) => `${id}: ${JSON.stringify(outcomeToObservation(await outcome).content)}`,
        ),
      );
      waiting.clear();
      events.push(
        { type: EventType.TEXT_MESSAGE_START, messageId: `said_${runId}`, role: "assistant" } as BaseEvent,
        { type: EventType.TEXT_MESSAGE_CONTENT, messageId: `said_${runId}`, delta: said.join("; ") } as BaseEvent,
        { type: EventType.TEXT_MESSAGE_END, messageId: `said_${runId}` } as BaseEvent,
      );
    }
    events.push(toAgUiRunFinishedEvent({ threadId, runId, pendingToolCallIds: pending }));
    return new Response(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(""), {
      headers: { "content-type": "text/event-stream" },
    });
  }

  it("runs the client calls of one run, and the next runs go on with their answers, without resume entries", async () => {
    const ran: [string, unknown][] = [];
    const results: Readonly<Record<string, unknown>> = {
      show_notice: "Tool call dispatched to client.",
      get_location: { city: "Lyon" },
      get_time: { time: "12:00" },
    };
    const dispatch: ToolCallDispatch = async (name, args) => {
      ran.push([name, args]);
      return { ok: true, name, result: results[name], output: results[name] };
    };
    const agent = new HttpAgent({
      url: "http://agent.test/run",
      threadId: "thread_1",
      fetch: (url, init) => server(new Request(url, init)),
    });
    agent.subscribe(createAgUiClientToolSubscriber({ dispatch }));

    agent.addMessage({ id: "u1", role: "user", content: "Where and when am I?" });
    await agent.runAgent();
    expect(ran).toEqual([
      ["show_notice", { kind: "info", text: "Looking…" }],
      ["get_location", {}],
      ["get_time", {}],
    ]);
    expect(agent.pendingInterrupts).toEqual([]);

    // The second run: the ToolMessages answer the calls; no resume is needed, and none is sent.
    await agent.runAgent();
    expect(runs[1]!.resume).toBeUndefined();
    expect(
      runs[1]!.messages.filter((message: Message) => message.role === "tool").map((message) => message.toolCallId),
    ).toEqual(["call_1", "call_2", "call_3"]);
    expect(agent.messages.at(-1)).toMatchObject({
      role: "assistant",
      content:
        'call_2: [{"type":"text","text":"{\\"city\\":\\"Lyon\\"}"}]; call_3: [{"type":"text","text":"{\\"time\\":\\"12:00\\"}"}]',
    });

    // The third and fourth: another question, another call, another answer.
    agent.addMessage({ id: "u2", role: "user", content: "And now?" });
    await agent.runAgent();
    await agent.runAgent();
    expect(ran.map(([name]) => name)).toEqual(["show_notice", "get_location", "get_time", "get_location"]);
    expect(agent.messages.at(-1)).toMatchObject({
      role: "assistant",
      content: 'call_4: [{"type":"text","text":"{\\"city\\":\\"Lyon\\"}"}]',
    });
    expect(runs).toHaveLength(4);
  });
});

// The same tools, one run of a frontend built before get_time existed and while get_location
// answered `{ town }`: it sends its generated contract in `forwardedProps`, as the docs show.
describe("an AG-UI run of a frontend built from older specs", () => {
  const olderContract = clientToolContractOf(
    parseClientToolSpecs([
      tools[0]!,
      {
        name: "get_location",
        description: "Get the user's town.",
        outputSchema: { type: "object", properties: { town: { type: "string" } }, required: ["town"] },
      },
    ]),
  );
  const said: string[] = [];

  async function server(request: Request): Promise<Response> {
    const input = (await request.json()) as RunAgentInput;
    let contract: ReturnType<typeof agUiClientToolContract>;
    try {
      contract = agUiClientToolContract(input);
    } catch (error) {
      if (error instanceof ClientToolContractMalformedError)
        return Response.json(error.toJSON(), { status: error.status });
      throw error;
    }
    const { threadId, runId } = input;
    const events: BaseEvent[] = [{ type: EventType.RUN_STARTED, threadId, runId } as BaseEvent];
    const pending: string[] = [];
    for (const [index, toolName] of ["show_notice", "get_location", "get_time"].entries()) {
      const spec = tools.find((tool) => tool.name === toolName)!;
      const call = {
        toolCallId: `call_${index}`,
        toolName,
        args: toolName === "show_notice" ? { kind: "info", text: "Looking…" } : {},
      };
      const differs = clientToolDifferences(contract, spec);
      if (differs.length === 0) {
        events.push(...toAgUiToolCallEvents(call));
        pending.push(call.toolCallId);
        continue;
      }
      // Not sent: the frontend is told, and the model reads why at once.
      events.push(toAgUiMismatchEvent({ conversationId: threadId, toolCallId: call.toolCallId, toolName, differs }));
      said.push(`${toolName}: ${outcomeToObservation({ status: "client_out_of_date", differs }).content[0]!.text}`);
    }
    events.push(toAgUiRunFinishedEvent({ threadId, runId, pendingToolCallIds: pending }));
    return new Response(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(""), {
      headers: { "content-type": "text/event-stream" },
    });
  }

  it("runs what the frontend can run, tells it of the rest, and the model reads that the page is out of date", async () => {
    const ran: string[] = [];
    const mismatches: ClientToolMismatchMessage[] = [];
    const dispatch: ToolCallDispatch = async (name) => {
      ran.push(name);
      return { ok: true, name, result: "Tool call dispatched to client.", output: "Tool call dispatched to client." };
    };
    const agent = new HttpAgent({
      url: "http://agent.test/run",
      threadId: "thread_old",
      fetch: (url, init) => server(new Request(url, init)),
    });
    agent.subscribe(createAgUiClientToolSubscriber({ dispatch, onMismatch: (message) => mismatches.push(message) }));
    agent.addMessage({ id: "u1", role: "user", content: "Where am I?" });
    await agent.runAgent({ forwardedProps: { [AG_UI_CONTRACT_PROP]: olderContract } });

    expect(ran).toEqual(["show_notice"]);
    expect(mismatches).toEqual([
      {
        type: "client_tool.mismatch",
        conversationId: "thread_old",
        toolCallId: "call_1",
        toolName: "get_location",
        differs: ["result"],
      },
      {
        type: "client_tool.mismatch",
        conversationId: "thread_old",
        toolCallId: "call_2",
        toolName: "get_time",
        differs: ["missing"],
      },
    ]);
    expect(said).toEqual([
      "get_location: The user's page cannot run this tool: it is out of date (its code has another version of the tool, which differs in its result's schema), so the call was not sent to it. Do not call the tool again now: ask the user to reload the page (or update the app), then try again.",
      "get_time: The user's page cannot run this tool: it is out of date (its code has no such tool), so the call was not sent to it. Do not call the tool again now: ask the user to reload the page (or update the app), then try again.",
    ]);
  });

  it("refuses a run whose contract is malformed with 400", async () => {
    const response = await server(
      new Request("http://agent.test/run", {
        method: "POST",
        body: JSON.stringify({ threadId: "t", runId: "r", forwardedProps: { clientToolContract: 7 } }),
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      detail:
        "The page's client tool contract (the generated clientToolContract) is malformed: forwardedProps.clientToolContract is not a string.",
    });
  });
});
